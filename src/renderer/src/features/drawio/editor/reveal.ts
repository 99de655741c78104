/**
 * Opens a `drawio:` link (common/navigation.ts): selects the shape the link names, by its id, its
 * name or its label, on whatever page of the open diagram has it, and brings it into view.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ApiAnswer } from '../../../../../shared/tandem-api';
import { REVEAL_WAIT_MS, afterLayout, whenFound, type RevealHandler } from '../../../common/navigation';
import { findByIdOrName, someNames } from '../../../common/reveal-target';
import type { ShapeRecord } from '../../../../../shared/drawio/model';
import type { DrawioState } from '../store/drawio-store';
import type { CanvasControls } from './actions';

/** The shape a link names: on the page on screen first, then on the others. */
export function findShape(state: Pick<DrawioState, 'shapes' | 'meta'>, target: string): ShapeRecord | undefined {
  const shapes = [...state.shapes.values()];
  const active = state.meta?.activePageId;
  const names = (s: ShapeRecord) => [s.alias, s.text];
  return findByIdOrName(shapes.filter((s) => s.pageId === active), target, names) ?? findByIdOrName(shapes, target, names);
}

export function createDrawioReveal(deps: {
  drawio: StoreApi<DrawioState>;
  switchPage(name: string): Promise<ApiAnswer>;
  canvas(): CanvasControls | undefined;
}): RevealHandler {
  const { drawio } = deps;
  return async (target) => {
    await afterLayout();
    const state = await whenFound(drawio, (s) => (s.status === 'ready' && s.meta ? s : undefined), REVEAL_WAIT_MS);
    if (!state) return { ok: false, message: 'No diagram is open, so the link has nothing to show', suggestion: 'open the diagram that has the shape, then click the link again' };
    const shape = findShape(state, target);
    if (!shape) {
      const aliases = [...state.shapes.values()].map((s) => s.alias);
      return { ok: false, message: `No shape '${target}' in ${state.meta?.title ?? state.title}`, suggestion: `shapes there: ${someNames(aliases)}` };
    }
    if (shape.pageId !== state.meta?.activePageId) {
      const page = state.pages.get(shape.pageId);
      const answer = page ? await deps.switchPage(page.name) : undefined;
      if (!answer || answer.isError) return { ok: false, message: `Could not show the page of '${target}': ${answer?.text ?? 'it has no page'}` };
      await whenFound(drawio, (s) => (s.meta?.activePageId === shape.pageId ? true : undefined), REVEAL_WAIT_MS);
      await afterLayout();
    }
    const canvas = deps.canvas();
    if (!canvas) return { ok: false, message: 'The diagram canvas is not ready yet', suggestion: 'click the link again' };
    canvas.reveal([shape.id]);
    return { ok: true };
  };
}
