/**
 * How a view looks to a person, checked with element boxes rather than by eye (issue 24): a chip's
 * box inside what it labels, a name at least its text's width or ellipsed with a tooltip, nothing
 * wider than the window, every button with an accessible name, no control left unstyled, a focus
 * ring on what Tab reaches;
 * and the screenshots at the sizes people use, into test-results/. One helper for every view's test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './studio-server';

/** A laptop and a desktop screen. */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

export type ScreenSize = (typeof SCREEN_SIZES)[number];

/** Boxes may differ by sub-pixel rounding. */
const SLACK_PX = 1;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - SLACK_PX && inner.y >= outer.y - SLACK_PX && inner.x + inner.width <= outer.x + outer.width + SLACK_PX && inner.y + inner.height <= outer.y + outer.height + SLACK_PX;

/** Every `chips` match inside each `containers` match has its box inside that container's box. Answers how many chips it checked. */
export async function expectChipsInside(containers: Locator, chips: string): Promise<number> {
  const problems: string[] = [];
  let checked = 0;
  for (const container of await containers.all()) {
    const outer = await container.boundingBox();
    if (!outer) continue;
    for (const chip of await container.locator(chips).all()) {
      const box = await chip.boundingBox();
      if (!box) continue;
      checked++;
      if (!inside(box, outer)) problems.push(`"${await chip.innerText()}" at ${JSON.stringify(box)} outside ${JSON.stringify(outer)}`);
    }
  }
  expect(problems, `chips outside what they label (${chips})`).toEqual([]);
  return checked;
}

/**
 * Each of `names` shows its whole text (its box at least the text's width), or is ellipsed with
 * the full text in a title (its own or an ancestor's within the row) for a tooltip.
 */
export async function expectNamesShown(names: Locator): Promise<number> {
  const found = await names.evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const html = element as HTMLElement;
        const text = html.innerText.trim();
        const cut = html.scrollWidth > html.clientWidth + 1;
        const titled = !!html.closest('[title]') && (html.closest('[title]') as HTMLElement).title.includes(text);
        const ellipsed = getComputedStyle(html).textOverflow === 'ellipsis';
        return { text, width: html.clientWidth, needs: html.scrollWidth, cut, ok: !cut || (ellipsed && titled) };
      }),
  );
  expect(found.filter((name) => !name.ok), 'names cut without an ellipsis and a tooltip').toEqual([]);
  return found.length;
}

/** No text on the page is cut (ellipsed, or hidden past its box) without a title giving it whole. */
export async function expectNothingCutUntitled(page: Page): Promise<void> {
  const cut = await page.evaluate(() => {
    const out: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.offsetParent === null || element.children.length > 0) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth + 1) continue;
      const text = element.innerText.trim();
      const titled = element.closest<HTMLElement>('[title]');
      if (!titled || !titled.title.includes(text)) out.push(`${element.className || element.tagName.toLowerCase()}: "${text}"`);
    }
    return out.slice(0, 10);
  });
  expect(cut, 'text cut without a tooltip').toEqual([]);
}

/** The window scrolls neither way, and no element shown pokes out of its right edge. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const offenders = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1) continue;
      // What an ancestor clips (a scroller, a canvas viewport) is not on screen: only what shows counts.
      let right = rect.right;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') right = Math.min(right, parent.getBoundingClientRect().right);
      }
      const style = getComputedStyle(element);
      if (right > width + 1 && style.visibility !== 'hidden' && style.display !== 'none') {
        out.push(`${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''}.${element.className} reaches ${Math.round(right)}px`);
      }
    }
    return out.slice(0, 10);
  });
  expect(offenders, 'what is wider than the window').toEqual([]);
}

/**
 * No control on screen looks as the browser draws it unstyled (a grey bevelled button, a bare
 * field): each visible button, text field and select differs from a fresh one of its kind, drawn
 * where none of the page's style sheets reach (a shadow root), in its background, border or corners.
 * Checkboxes, radios, sliders and colour pickers are left as the browser draws them.
 */
export async function expectControlsStyled(page: Page): Promise<number> {
  const found = await page.evaluate(() => {
    const host = document.createElement('div');
    host.style.cssText = 'position:absolute;left:-9999px;top:0';
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.borderTopStyle, style.borderTopWidth, style.borderTopColor, style.borderTopLeftRadius].join(' ');
    };
    const bare = new Map<string, string>();
    const bareLook = (tag: string, type: string) => {
      const key = `${tag}:${type}`;
      if (!bare.has(key)) {
        const element = document.createElement(tag);
        if (type) element.setAttribute('type', type);
        shadow.append(element);
        bare.set(key, look(element));
      }
      return bare.get(key)!;
    };
    const asBrowser: string[] = [];
    let checked = 0;
    for (const control of document.querySelectorAll<HTMLElement>('button, input, select, textarea')) {
      const type = control instanceof HTMLInputElement ? control.type : '';
      if (['checkbox', 'radio', 'range', 'color', 'hidden', 'file'].includes(type)) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      checked++;
      if (look(control) === bareLook(control.tagName.toLowerCase(), type)) {
        asBrowser.push(`${control.tagName.toLowerCase()}${control.dataset.testid ? `[data-testid=${control.dataset.testid}]` : ''}.${control.className} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    host.remove();
    return { checked, asBrowser: asBrowser.slice(0, 10) };
  });
  expect(found.asBrowser, 'controls drawn as the browser draws them unstyled').toEqual([]);
  return found.checked;
}

/** Every button on screen has an accessible name: none is listed nameless in the page's ARIA tree. */
export async function expectButtonsNamed(page: Page): Promise<number> {
  const tree = await page.locator('body').ariaSnapshot();
  const buttons = tree.split('\n').filter((line) => /^\s*- button\b/.test(line));
  const nameless = buttons.filter((line) => !/^\s*- button "[^"]+"/.test(line));
  expect(nameless, 'buttons without an accessible name').toEqual([]);
  return buttons.length;
}

/**
 * Tab moves the focus `presses` times; each element it reaches shows a focus ring (an outline, or
 * an inset ring drawn as a box shadow). Answers what it reached, for the message.
 */
export async function expectFocusRingsOnTab(page: Page, presses = 24): Promise<string[]> {
  await page.locator('body').click({ position: { x: 1, y: 1 } }).catch(() => undefined);
  const reached: string[] = [];
  const ringless: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return undefined;
      // A composite widget (a tree) keeps the focus and rings its active item (aria-activedescendant).
      const active = focused.getAttribute('aria-activedescendant');
      const element = (active && document.getElementById(active)) || focused;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadowed = style.boxShadow !== 'none' && style.boxShadow !== '';
      const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return { name: `${element.tagName.toLowerCase()} "${label}"`, ring: outlined || shadowed, visible: element.getBoundingClientRect().width > 0 };
    });
    if (!focus || !focus.visible) continue;
    reached.push(focus.name);
    if (!focus.ring) ringless.push(focus.name);
  }
  expect(reached.length, 'Tab reached nothing').toBeGreaterThan(0);
  expect(ringless, 'focused without a visible ring').toEqual([]);
  return reached;
}

/** The screenshot of the page at `size`, as test-results/polish-NAME-WxH.png; answers its path. */
export async function screenshotAt(page: Page, name: string, size: ScreenSize): Promise<string> {
  const dir = join(REPO_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `polish-${name}-${size.width}x${size.height}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * At each screen size: the view resized, `settle` awaited (what the view redraws for its size),
 * the screenshot taken, and the checks every view shares (overflow, cut text, button names, no
 * control left as the browser draws it) made.
 */
export async function lookAtEverySize(page: Page, name: string, settle: (size: ScreenSize) => Promise<void> = async () => {}): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await settle(size);
    await screenshotAt(page, name, size);
    await expectNoHorizontalOverflow(page);
    await expectNothingCutUntitled(page);
    expect(await expectButtonsNamed(page)).toBeGreaterThan(0);
    expect(await expectControlsStyled(page)).toBeGreaterThan(0);
  }
}
