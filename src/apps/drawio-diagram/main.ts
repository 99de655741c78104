/**
 * The diagram inside the chat: the live document's active page, drawn by the same code as the
 * canvas and the export (shared/drawio/render/svg-page.ts), the AI's fresh edits marked in its
 * colour with its name. A person drags a shape to move it (one strict `move`, as the window sends)
 * and clicks to select (presence: "make these blue" means it).
 */
import type { DrawioRecord, ShapeRecord } from '../../shared/drawio/model';
import { drawPage } from '../../shared/drawio/render/svg-page';
import { moveOp, shapeRef } from '../../renderer/src/features/drawio/model/ops';
import { ChatView, originColor, RecordMap } from '../common/view-app';
import './diagram.css';

const svg = document.getElementById('diagram') as unknown as SVGSVGElement;
const title = document.getElementById('title')!;

const MARK_ROOM = 16;

/** Every record of the document by id (drawPage takes them as a list). */
const records = new RecordMap<DrawioRecord>();
let selected = new Set<string>();

const view = new ChatView({
  domain: 'drawio',
  uri: 'ui://tandem/drawio/diagram',
  reset(all, name) {
    records.reset(all);
    title.textContent = name;
  },
  apply(changes) {
    records.apply(changes);
    selected = new Set([...selected].filter((id) => records.byId.has(id)));
  },
  draw,
});

function draw(): void {
  const page = drawPage([...records.byId.values()], { cellIds: true, image: () => undefined });
  // Room above and around for the marks' names and outlines, which the page's bounds leave out.
  const [x, y, w, h] = [page.bounds.x - MARK_ROOM / 2, page.bounds.y - MARK_ROOM, page.bounds.w + MARK_ROOM, page.bounds.h + MARK_ROOM * 1.5];
  svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  // As wide as the chat allows, never larger than the drawing itself.
  svg.style.width = `${Math.min(w, 2000)}px`;
  svg.style.maxWidth = '100%';
  svg.innerHTML = page.body + marks();
  const meta = records.byId.get('meta') as { title?: string } | undefined;
  if (meta?.title) title.textContent = meta.title;
}

/** The AI's fresh edits in its colour with its name, and the person's selection, over the drawing. */
function marks(): string {
  const now = Date.now();
  const out: string[] = [];
  for (const record of records.byId.values()) {
    if (record.kind !== 'shape' && record.kind !== 'edge') continue;
    const mark = view.freshMark(record.id, now);
    const shape = record.kind === 'shape' ? (record as ShapeRecord) : undefined;
    if (mark) {
      const color = originColor(mark.origin);
      if (shape) {
        out.push(
          `<g class="ai-mark" data-mark="${attr(record.id)}" data-by="${attr(mark.origin)}" pointer-events="none">` +
            `<rect x="${shape.x - 4}" y="${shape.y - 4}" width="${shape.w + 8}" height="${shape.h + 8}" rx="6" fill="none" stroke="${color}" stroke-width="2.5"/>` +
            `<text x="${shape.x - 4}" y="${shape.y - 8}" font-size="11" fill="${color}">${attr(mark.origin)}</text></g>`,
        );
      } else out.push(`<g class="ai-mark" data-mark="${attr(record.id)}" data-by="${attr(mark.origin)}"></g>`);
    }
    if (shape && selected.has(shape.id)) {
      out.push(`<rect class="selection" pointer-events="none" x="${shape.x - 3}" y="${shape.y - 3}" width="${shape.w + 6}" height="${shape.h + 6}" rx="4" fill="none"/>`);
    }
  }
  return out.join('');
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The pointer in page coordinates. */
function pagePoint(event: PointerEvent): { x: number; y: number } {
  const matrix = svg.getScreenCTM()!.inverse();
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
  return { x: p.x, y: p.y };
}

let drag: { id: string; element: SVGGElement; start: { x: number; y: number }; origin: { x: number; y: number }; moved: boolean } | undefined;

svg.addEventListener('pointerdown', (event) => {
  const element = (event.target as Element).closest('g[data-cell]') as SVGGElement | null;
  const record = element ? records.byId.get(element.dataset.cell!) : undefined;
  if (!element || record?.kind !== 'shape') {
    if (selected.size) void changeSelection(new Set());
    return;
  }
  svg.setPointerCapture(event.pointerId);
  drag = { id: record.id, element, start: pagePoint(event), origin: { x: record.x, y: record.y }, moved: false };
});

svg.addEventListener('pointermove', (event) => {
  if (!drag) return;
  const p = pagePoint(event);
  const [dx, dy] = [p.x - drag.start.x, p.y - drag.start.y];
  if (!drag.moved && Math.hypot(dx, dy) < 3) return;
  drag.moved = true;
  drag.element.setAttribute('transform', `translate(${drag.origin.x + dx},${drag.origin.y + dy})`);
});

svg.addEventListener('pointerup', (event) => {
  const done = drag;
  drag = undefined;
  if (!done) return;
  if (!done.moved) {
    // Shift+click adds or takes away, so "make these blue" can mean several.
    const next = new Set(event.shiftKey ? selected : []);
    if (event.shiftKey && next.has(done.id)) next.delete(done.id);
    else next.add(done.id);
    void changeSelection(next);
    return;
  }
  const p = pagePoint(event);
  const to = { x: done.origin.x + p.x - done.start.x, y: done.origin.y + p.y - done.start.y };
  void view.callAsPerson('drawio', { ops: [moveOp([shapeRef(done.id)], to)] }).then((result) => {
    // A refused move: the shape goes back where the studio has it.
    if (result.isError) draw();
  });
});

async function changeSelection(ids: Set<string>): Promise<void> {
  selected = ids;
  draw();
  await view.select([...ids]);
}

void view.connect();
