/**
 * The diagram editor as a draw.io user reaches for it, end to end: a real `tandem serve`, Debian's
 * Chromium as the person and a real MCP client as the AI, which also reads back what the person's
 * gestures did to the model. Every gesture must arrive as ops in the core's history.
 */
import { describe, expect, it } from 'vitest';
import { type AiClient, geometryOf } from './support/ai-client';
import { dragBy, shapeNode } from './support/browser';
import { PERSON_ORIGIN, eventually, expectNoPageErrors, historyEntriesBy, useStudios } from './support/studio';

const { startStudio } = useStudios();

async function geometry(ai: AiClient, alias: string) {
  const found = geometryOf(await ai.query(`describe ${alias}`));
  if (!found) throw new Error(`describe ${alias} gave no geometry`);
  return found;
}

describe("the person's gestures change exactly what they touch", () => {
  it('a shape dragged onto others moves alone; the AI plain move onto them still pushes them along', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Mover at:500,200', 'add svc Below at:200,200', 'add svc Further at:200,300']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Mover').waitFor();
    const below = await geometry(ai, 'Below');
    const further = await geometry(ai, 'Further');

    // Drop Mover onto Below, a little above it: Below is then downstream of Mover (TB flow) and
    // covered by it, which is exactly what a plain move pushes along (and Below then Further).
    const from = await shapeNode(page, 'Mover').boundingBox();
    const onto = await shapeNode(page, 'Below').boundingBox();
    await dragBy(page, shapeNode(page, 'Mover'), onto!.x - from!.x, onto!.y - from!.y - 20);

    await eventually(async () => (await geometry(ai, 'Mover')).x).toBeLessThan(300);
    const mover = await geometry(ai, 'Mover');
    expect(Math.abs(mover.x - below.x)).toBeLessThanOrEqual(4);
    expect(mover.y).toBeLessThan(below.y);
    expect(mover.y + mover.h).toBeGreaterThan(below.y + below.h / 2);
    expect(await geometry(ai, 'Below')).toEqual(below);
    expect(await geometry(ai, 'Further')).toEqual(further);
    const personEntries = historyEntriesBy(await ai.query('history 5'), PERSON_ORIGIN);
    expect(personEntries).toHaveLength(1);
    expect(personEntries[0]).toMatch(/ batch: move #s\d+ to:\d+,\d+ strict:true/);

    // The same drop by the AI, without strict, pushes what it lands on: the contract's behaviour.
    await ai.drawio(['move Mover to:500,200']);
    const answer = await ai.drawio([`move Mover to:${mover.x},${mover.y}`]);
    expect(answer).toMatch(/shifted \d+ item/);
    expect((await geometry(ai, 'Below')).y).toBeGreaterThan(below.y);
    expectNoPageErrors(tab);
  });
});
