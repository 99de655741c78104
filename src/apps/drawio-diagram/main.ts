/**
 * The diagram inside the chat: the live document's active page, drawn by the same code as the
 * canvas and the export (shared/drawio/render/svg-page.ts), its stencils and image files fetched
 * from the core (diagram-assets.ts), the AI's fresh edits marked in its colour with its name. A
 * person drags a shape to move it (one strict `move`, as the window sends), clicks to select
 * (presence: "make these blue" means it), and with Note writes a sticky note where they click.
 */
import type { DrawioRecord, MetaRecord, ShapeRecord } from '../../shared/drawio/model';
import { drawPage } from '../../shared/drawio/render/svg-page';
import { moveOp, paletteAddOp, quoted, shapeRef, takenAliases } from '../../renderer/src/features/drawio/model/ops';
import { ChatView, originColor, RecordMap } from '../common/view-app';
import { DiagramAssets } from './diagram-assets';
import './diagram.css';

const svg = document.getElementById('diagram') as unknown as SVGSVGElement;
const title = document.getElementById('title')!;
const noteButton = document.getElementById('note') as HTMLButtonElement;

const MARK_ROOM = 16;

/** Every record of the document by id (drawPage takes them as a list). */
const records = new RecordMap<DrawioRecord>();
let selected = new Set<string>();
/** The diagram's workspace path, which its image paths are read against. */
let diagramPath: string | undefined;

const view = new ChatView({
  domain: 'drawio',
  uri: 'ui://tandem/drawio/diagram',
  reset(all, name, path) {
    records.reset(all);
    title.textContent = name;
    diagramPath = path;
  },
  apply(changes) {
    records.apply(changes);
    selected = new Set([...selected].filter((id) => records.byId.has(id)));
  },
  draw,
});

const assets = new DiagramAssets(view.app);

function draw(): void {
  const page = drawPage([...records.byId.values()], { cellIds: true, diagramPath, stencils: assets.pageStencils, image: assets.image });
  // Room above and around for the marks' names and outlines, which the page's bounds leave out.
  const [x, y, w, h] = [page.bounds.x - MARK_ROOM / 2, page.bounds.y - MARK_ROOM, page.bounds.w + MARK_ROOM, page.bounds.h + MARK_ROOM * 1.5];
  svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  // As wide as the chat allows, never larger than the drawing itself.
  svg.style.width = `${Math.min(w, 2000)}px`;
  svg.style.maxWidth = '100%';
  svg.innerHTML = page.body + marks();
  const meta = records.byId.get('meta') as { title?: string } | undefined;
  if (meta?.title) title.textContent = meta.title;
  // What the page names and the view does not hold yet: asked for once, then drawn with.
  void assets.fetchWanted().then((arrived) => arrived && draw());
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
  if (noteButton.getAttribute('aria-pressed') === 'true') return startNote(pagePoint(event), event);
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

// ---- a note where the person clicks --------------------------------------------------------------

noteButton.addEventListener('click', () => noteButton.setAttribute('aria-pressed', String(noteButton.getAttribute('aria-pressed') !== 'true')));

/** An input at the click: Enter adds a yellow note there with its text (as the person), Escape leaves it. */
function startNote(at: { x: number; y: number }, event: PointerEvent): void {
  event.preventDefault();
  noteButton.setAttribute('aria-pressed', 'false');
  const input = Object.assign(document.createElement('input'), { className: 'note-input', placeholder: 'note, then Enter' });
  input.style.left = `${event.clientX + window.scrollX}px`;
  input.style.top = `${event.clientY + window.scrollY}px`;
  document.body.append(input);
  setTimeout(() => input.focus());
  // Removing it blurs it, and the blur closes it again: once is enough.
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    input.remove();
  };
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (key) => {
    if (key.key === 'Escape') close();
    if (key.key !== 'Enter' || !input.value.trim()) return;
    const text = input.value.trim();
    close();
    void view.callAsPerson('drawio', { ops: [noteOp(at, text)] });
  });
}

function noteOp(at: { x: number; y: number }, text: string): string {
  const pageId = (records.byId.get('meta') as MetaRecord | undefined)?.activePageId ?? '';
  const shapes = [...records.byId.values()].filter((r): r is ShapeRecord => r.kind === 'shape');
  const { op } = paletteAddOp('note', at, takenAliases(shapes, pageId));
  return `${op} label:${quoted(text)} theme:yellow`;
}

void view.connect();
