/**
 * The C4 view inside the chat: the live architecture project's systems, containers and components
 * as a tree, the selected element's description and its rendered D2 diagram (an image of the SVG,
 * so nothing in it runs, as in the window), the AI's fresh changes marked with its name. A person
 * selects an element (query_project and query_architecture name it `selected_by_person`) and
 * edits its description, saved with update_element as the window does.
 */
import type { ArchElementRecord, ArchProjectRecord } from '../../shared/architecture-records';
import { element, recordView } from '../common/view-app';
import './c4.css';

type Record = ArchElementRecord | ArchProjectRecord | { id: string; kind: 'validation' };

const tree = document.getElementById('tree')!;
const detail = document.getElementById('detail')!;
const title = document.getElementById('title')!;
let selected: string | undefined;

const { view, records } = recordView<Record>('architecture', 'c4', draw);

const elements = () => [...records.byId.values()].filter((r): r is ArchElementRecord => r.kind === 'system' || r.kind === 'container' || r.kind === 'component');

function draw(): void {
  const project = [...records.byId.values()].find((r): r is ArchProjectRecord => r.kind === 'project');
  title.textContent = project ? `${project.name} (${project.project})` : 'Architecture';
  const all = elements().sort((a, b) => a.key.localeCompare(b.key));
  const childrenOf = (parent: string | undefined) => all.filter((e) => e.parent === parent);
  const branch = (parent: string | undefined): HTMLElement[] =>
    childrenOf(parent).map((e) => element('li', {}, row(e), element('ul', {}, ...branch(e.id))));
  tree.replaceChildren(...branch(undefined));
  // Not while the person types in it: their text would be replaced under their cursor.
  const typing = document.activeElement instanceof HTMLTextAreaElement && detail.contains(document.activeElement);
  if (typing && detail.dataset.id === selected) return;
  drawDetail(selected ? (records.byId.get(selected) as ArchElementRecord | undefined) : undefined);
}

function row(e: ArchElementRecord): HTMLElement {
  const el = element('div', { className: `element${selected === e.id ? ' selected' : ''}` }, element('span', { className: 'kind', textContent: e.kind }), element('span', { textContent: e.name }));
  el.dataset.key = e.key;
  view.markEdit(el, e.id);
  el.addEventListener('click', () => {
    selected = selected === e.id ? undefined : e.id;
    draw();
    void view.select(selected ? [selected] : []);
  });
  return el;
}

function drawDetail(e: ArchElementRecord | undefined): void {
  detail.dataset.id = e?.id ?? '';
  if (!e) {
    detail.replaceChildren(element('p', { className: 'view-hint', textContent: 'Select an element to see its diagram.' }));
    return;
  }
  const text = element('textarea', { value: e.description, placeholder: 'What it is for' });
  const save = element('button', { type: 'button', textContent: 'Save description' });
  save.addEventListener('click', () => void view.callAsPerson('update_element', { project_path: e.project, target: e.key, description: text.value }));
  const parts: Array<Node> = [element('strong', { textContent: `${e.name}${e.technology ? ` [${e.technology}]` : ''}` }), text, save];
  if (e.svg) parts.push(element('img', { alt: `${e.name} diagram`, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(e.svg)}` }));
  if (e.diagramError) parts.push(element('p', { className: 'problem', textContent: `D2: ${e.diagramError.message}` }));
  if (e.problem) parts.push(element('p', { className: 'problem', textContent: e.problem }));
  detail.replaceChildren(...parts);
}

void view.connect();
