/**
 * diagrams.net files in the studio page, end to end: a real `tandem serve`, the AI opening a file
 * of the corpus over MCP, Debian's Chromium showing it. Containers and swimlanes, a note, a text,
 * a rich label and waypoints are drawn as diagrams.net draws them (screenshot in test-results/),
 * a waypoint dragged in the page reaches the core as one op, a free arrow's loose end dropped on a
 * shape attaches it (the AI's describe shows the connection), and the page says what a file holds
 * that the studio keeps but cannot edit. Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geometryOf } from './support/ai-client';
import { canvasScreenPoint, canvasZoom, dragBy, settledBox, renameShape, shapeNode, waitForEdge } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';
import { corpusPath } from '../src/main/testing/corpora';
import { cellChanges, changedCells, outline } from '../src/main/domains/drawio/testing/mxfile-outline';

const FIXTURES = join(REPO_ROOT, 'src', 'main', 'domains', 'drawio', 'fixtures');
const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'drawio-files.png');

const { startStudio } = useStudios();

/** A studio whose workspace holds a file of the corpus, opened by the AI, and the page showing it. */
async function studioWith(fixture: string) {
  const studio = await startStudio();
  const { workspace } = studio.server;
  mkdirSync(join(workspace, 'diagrams'));
  copyFileSync(join(FIXTURES, fixture), join(workspace, 'diagrams', fixture));
  const opened = await studio.ai.session(`open diagrams/${fixture}`);
  const tab = await studio.openTab();
  return { ai: studio.ai, opened, page: tab.page, tab, workspace };
}

describe('diagrams.net files in the studio page', () => {
  it('draws swimlanes, nested containers, a note, a text, a rich label and waypoints', async () => {
    const { page, tab } = await studioWith('swimlanes.drawio');
    const pool = page.getByTestId('group-Order process');
    await pool.waitFor();
    // Drawn as diagrams.net draws a swimlane: its header band in the SVG, its label in the band.
    await pool.locator('[data-code-shape="swimlane"]').first().waitFor();
    // The lanes are drawn inside the pool (xyflow nests their nodes in the pool's).
    const lane = page.locator('.react-flow__node[data-id] [data-testid="group-Customer"]');
    await lane.waitFor();
    const poolBox = (await pool.boundingBox())!;
    const zoom = await canvasZoom(page);
    // The pool's title band spans the pool and is startSize (30) deep, as diagrams.net draws it.
    const poolTitle = (await pool.locator('> .group-code-label').boundingBox())!;
    expect(poolTitle.width).toBeGreaterThan(poolBox.width * 0.95);
    expect(poolTitle.height / zoom).toBeCloseTo(30, 0);
    // The lane's band is at its left (horizontal=0), 30 wide, its title turned in it.
    const laneTitle = (await lane.locator('> .group-code-label').boundingBox())!;
    expect(laneTitle.width / zoom).toBeCloseTo(30, 0);
    expect(laneTitle.height).toBeGreaterThan(laneTitle.width * 3);
    const laneBox = (await lane.boundingBox())!;
    expect(laneBox.x).toBeGreaterThanOrEqual(poolBox.x - 1);
    expect(laneBox.y).toBeGreaterThan(poolBox.y);
    expect(laneBox.y + laneBox.height).toBeLessThanOrEqual(poolBox.y + poolBox.height + 1);

    expect(await shapeNode(page, 'Card or invoice').getAttribute('data-shape-type')).toBe('note');
    expect(await shapeNode(page, 'All times are UTC').getAttribute('data-shape-type')).toBe('text');
    // A text is not painted: its outline has no fill.
    expect(await shapeNode(page, 'All times are UTC').locator('path').first().getAttribute('fill')).toBe('none');

    const label = shapeNode(page, 'Place order').locator('.shape-label');
    await eventually(() => label.locator('[data-run="b"]').textContent()).toBe('Place');
    expect(await label.locator('[data-run="i"]').textContent()).toBe('order');
    expect(await label.locator('[data-run="u"]').textContent()).toBe('online');
    expect(await label.locator('b, script').count()).toBe(0);

    await waitForEdge(page, 'Place order', 'Pay');
    const path = await page.getByTestId('edge-Place order-Pay').locator('path.react-flow__edge-path').getAttribute('d');
    // Through both waypoints of the file: (360,160) and (360,200).
    expect(path).toMatch(/360,160/);
    expect(path).toMatch(/360,200/);

    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH });
    expectNoPageErrors(tab);
  });

  it('sends a dragged waypoint to the core as one op', async () => {
    const { ai, page, tab } = await studioWith('swimlanes.drawio');
    await waitForEdge(page, 'Place order', 'Pay');
    const edge = page.getByTestId('edge-Place order-Pay');
    const edgeId = await edge.getAttribute('data-edge-id');
    // Select the edge where it passes its first waypoint, then drag that waypoint's handle.
    const waypoint = await canvasScreenPoint(page, { x: 360, y: 160 });
    await page.mouse.click(waypoint.x, waypoint.y);
    const handle = page.getByTestId(`waypoint-${edgeId}-0`);
    await handle.waitFor();
    await page.mouse.move(waypoint.x, waypoint.y);
    await page.mouse.down();
    await page.mouse.move(waypoint.x + 20, waypoint.y + 10, { steps: 4 });
    const target = await canvasScreenPoint(page, { x: 400, y: 150 });
    await page.mouse.move(target.x, target.y, { steps: 6 });
    await page.mouse.up();

    await eventually(() => ai.query('describe "Place order" -> Pay')).toMatch(/via:(39[89]|40[012]),(14[89]|15[012]);360,200/);
    const history = await ai.query('history 3');
    expect(history).toMatch(new RegExp(`person batch: connect #${edgeId} via:`));
    expectNoPageErrors(tab);
  });

  it('drags a swimlane with all it holds: the lanes inside go along, in the file as in the page', async () => {
    const { ai, page, tab, workspace } = await studioWith('swimlanes.drawio');
    const header = page.getByTestId('group-Order process').locator('> .group-code-label');
    await header.waitFor();
    const zoom = await canvasZoom(page);
    await dragBy(page, header, 100 * zoom, 50 * zoom);
    // The lane moved with the pool (its frame is its own, so describe shows where it went),
    // by what the hand moved less xyflow's drag threshold.
    await eventually(async () => geometryOf(await ai.query('describe Customer'))?.x).toBeGreaterThan(130);
    const lane = geometryOf(await ai.query('describe Customer'))!;
    const [dx, dy] = [lane.x - 40, lane.y - 70];
    expect(dx).toBeGreaterThan(90);
    expect(dy).toBeGreaterThan(40);
    expect(lane).toMatchObject({ w: 720, h: 190 });
    expect(geometryOf(await ai.query('describe "Place order"'))).toMatchObject({ x: 200 + dx, y: 130 + dy });
    await ai.session('save');
    const saved = readFileSync(join(workspace, 'diagrams', 'swimlanes.drawio'), 'utf8');
    expect(saved).toContain(`<mxGeometry x="${40 + dx}" y="${40 + dy}" width="720" height="420" as="geometry"/>`);
    // Inside the pool nothing moved relative to it.
    expect(saved).toMatch(/id="laneA"[^>]*>\s*<mxGeometry y="30" width="720" height="190"/);
    expectNoPageErrors(tab);
  });

  it('tells in the answer and on the page what the file holds that the studio keeps but cannot edit', async () => {
    const { opened, page, tab } = await studioWith('flowchart.drawio');
    expect(opened).toContain('! kept unchanged, not editable here: 1 edge to an edge, 2 cells in parent loops');
    const notice = page.getByTestId('file-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Kept unchanged, not editable here: 1 edge to an edge, 2 cells in parent loops');
    await notice.getByRole('button', { name: 'Close the notice' }).click();
    await notice.waitFor({ state: 'detached' });
    expectNoPageErrors(tab);
  });

  it('draws free-floating arrows as edges; the person drops a loose end on a shape and the AI sees the connection', async () => {
    const { ai, opened, page, tab, workspace } = await studioWith('services-compressed.drawio');
    // Nothing of the file is kept aside any more: its free arrows and its edge to a container are edges.
    expect(opened).not.toContain('kept unchanged');
    const loose = page.locator('[data-testid^="edge-Users DB-"]');
    await loose.waitFor({ state: 'attached' });
    // The page's notice, if any, says only what is drawn simplified.
    expect((await page.getByTestId('file-notice').allTextContents()).join('')).not.toContain('Kept unchanged');
    const edgeId = (await loose.getAttribute('data-edge-id'))!;
    // Both ends of the free arrow and the loose end of this one have a handle; no placeholder is left.
    await eventually(() => page.locator('.react-flow__node-edgeEnd').count()).toBe(3);
    expect(await page.locator('.react-flow__node-foreign').count()).toBe(0);
    expect(await ai.query(`describe #${edgeId}`)).toContain('"Users DB"->@(440,260) "to be decided" dashed');

    const auth = geometryOf(await ai.query('describe Auth'))!;
    const handle = page.getByTestId(`edge-end-${edgeId}-target`);
    const box = await settledBox(page, handle);
    const drop = await canvasScreenPoint(page, { x: auth.x + auth.w / 2, y: auth.y + auth.h / 2 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 15, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.move(drop.x, drop.y, { steps: 8 });
    // Over Auth, Auth is outlined as the drop target.
    const authId = await shapeNode(page, 'Auth').getAttribute('data-shape-id');
    await eventually(() => page.getByTestId('edge-drop-target').getAttribute('data-cell-id')).toBe(authId);
    await page.mouse.up();

    await eventually(() => ai.query(`describe #${edgeId}`)).toContain('"Users DB"->Auth "to be decided" dashed');
    expect(await page.getByTestId('edge-drop-target').count()).toBe(0);
    expect(await ai.query('history 3')).toMatch(new RegExp(`person batch: connect #${edgeId} target:#`));
    // The handle is gone with the loose end, and the edge is drawn to Auth.
    await eventually(() => page.getByTestId(`edge-end-${edgeId}-target`).count()).toBe(0);
    await waitForEdge(page, 'Users DB', 'Auth');
    // Saved, the cell has its target and lost only its targetPoint.
    await ai.session('save');
    const before = outline(readFileSync(join(FIXTURES, 'services-compressed.drawio'), 'utf8')).pages[0];
    const after = outline(readFileSync(join(workspace, 'diagrams', 'services-compressed.drawio'), 'utf8')).pages[0];
    expect(changedCells(before, after)).toEqual(['Yx7-5']);
    expect(cellChanges(before, after, 'Yx7-5')).toEqual(['target', 'geometry.targetPoint']);
    expectNoPageErrors(tab);
  });

  it('opens a diagrams.net .xml file from the page, draws its containers at their own size, and saves back only what changed', async () => {
    const studio = await startStudio();
    const { workspace } = studio.server;
    mkdirSync(join(workspace, 'templates'));
    const path = join(workspace, 'templates', 'vpc.xml');
    copyFileSync(corpusPath('drawio', 'cloud-ibm_vpc_architecture.xml'), path);
    const original = readFileSync(path, 'utf8');
    writeFileSync(join(workspace, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion></project>\n');
    const tab = await studio.openTab();
    const { page } = tab;
    await page.locator('[data-testid="open"]:visible').click();
    const file = page.getByTestId('file-templates/vpc.xml');
    await file.waitFor();
    // Only .xml files that hold a diagram are offered.
    expect(await page.getByTestId('file-pom.xml').count()).toBe(0);
    await file.click();
    const zone = page.getByTestId('group-Zone 1  10.10.0.0/16');
    await zone.waitFor();
    // The zone is drawn 273 px wide as in the file, though a security group in it reaches further.
    const zoom = await canvasZoom(page);
    await eventually(async () => Math.round((await zone.boundingBox())!.width / zoom)).toBe(273);

    // A shape renamed in the page: its label changes, in the file nothing else.
    await renameShape(page, 'VSI', 'Web server');
    await eventually(() => studio.ai.query('describe VSI')).toContain('text: "Web server"');
    await studio.ai.session('save');
    const before = outline(original).pages[0];
    const after = outline(readFileSync(path, 'utf8')).pages[0];
    const changed = changedCells(before, after);
    expect(changed).toHaveLength(1);
    expect(cellChanges(before, after, changed[0])).toEqual(['value']);
    expectNoPageErrors(tab);
  });
  it('frames an opened diagram in the window it is shown in, until the person moves the view', async () => {
    const studio = await startStudio();
    await studio.ai.session('new diagrams/framed.drawio');
    await studio.ai.drawio(['add box Left at:0,0', 'add box Right at:600,300', 'connect Left -> Right']);
    const { page, pageErrors } = await studio.openTab();
    await shapeNode(page, 'Left').waitFor();
    // The middle of the drawing, on screen, against the middle of the canvas.
    const offCentre = async () => {
      const [left, right] = [(await shapeNode(page, 'Left').boundingBox())!, (await shapeNode(page, 'Right').boundingBox())!];
      const middle = { x: (left.x + right.x + right.width) / 2, y: (left.y + right.y + right.height) / 2 };
      const canvas = (await page.getByTestId('canvas').boundingBox())!;
      return Math.round(Math.hypot(middle.x - (canvas.x + canvas.width / 2), middle.y - (canvas.y + canvas.height / 2)));
    };
    await eventually(offCentre).toBeLessThanOrEqual(1);
    expect(await canvasZoom(page)).toBe(1);
    // The window grows (maximised): the drawing is framed again, not left where it was.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await eventually(offCentre).toBeLessThanOrEqual(1);
    // Once the person zooms, the view is theirs: a resize leaves it.
    await page.getByRole('button', { name: /zoom in/i }).click();
    await eventually(() => canvasZoom(page)).toBeGreaterThan(1);
    const theirs = await page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    expect(await page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform)).toBe(theirs);
    expect(pageErrors).toEqual([]);
  });
});
