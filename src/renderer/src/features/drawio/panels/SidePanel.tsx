/**
 * The right-hand panel: the look of the selected shapes (each control sends one `style` op for
 * the whole selection), or what is selected otherwise, or the page's layers when nothing is.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';
import type { StyleChange, StyleFlag } from '../model/ops';
import { DEFAULT_FONT_SIZE, shapeColors } from '../../../../../shared/drawio/render/cell-paint';
import type { ShapeRecord } from '../../../../../shared/drawio/model';
import { ThemeSwatches } from './ThemeSwatches';
import type { Point } from '../../../../../shared/drawio/geometry';
import type { DrawioState } from '../store/drawio-store';

/** A colour input that sends once, when the picker closes, not on every step of the drag. */
function ColorField(props: { label: string; value: string; testId: string; onCommit(color: string): void }) {
  const input = useRef<HTMLInputElement>(null);
  const { onCommit } = props;
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const commit = () => onCommit(element.value);
    element.addEventListener('change', commit);
    return () => element.removeEventListener('change', commit);
  }, [onCommit]);
  const hex = /^#[0-9a-f]{6}$/i.test(props.value) ? props.value : '#ffffff';
  return (
    <label className="field color-field">
      <span>{props.label}</span>
      {/* Uncontrolled, re-keyed on a new value, so a change from elsewhere shows without fighting the picker. */}
      <input ref={input} key={hex} type="color" defaultValue={hex} data-testid={props.testId} />
    </label>
  );
}

/** A number that is sent on Enter or when the field is left. */
function NumberField(props: { label: string; value: number; min: number; max: number; testId: string; onCommit(n: number): void }) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  const commit = () => {
    const n = Number(text);
    if (Number.isFinite(n) && n >= props.min && n <= props.max && n !== props.value) props.onCommit(n);
    else setText(String(props.value));
  };
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type="number"
        min={props.min}
        max={props.max}
        value={text}
        data-testid={props.testId}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}

const FLAG_BUTTONS: ReadonlyArray<{ flag: StyleFlag; label: ReactNode; title: string }> = [
  { flag: 'bold', label: <b>B</b>, title: 'Bold' },
  { flag: 'italic', label: <i>I</i>, title: 'Italic' },
  { flag: 'underline', label: <u>U</u>, title: 'Underline' },
  { flag: 'dashed', label: '┄', title: 'Dashed outline' },
  { flag: 'shadow', label: '◩', title: 'Shadow' },
  { flag: 'rounded', label: '▢', title: 'Rounded corners' },
];

function StyleSection({ shape, count }: { shape: ShapeRecord; count: number }) {
  const actions = useActions();
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const colors = shapeColors(shape, { customTypes, customThemes });
  const restyle = (change: StyleChange) => void actions.restyle(change);
  const commitFill = useMemo(() => (fill: string) => void actions.restyle({ fill }), [actions]);
  const commitStroke = useMemo(() => (stroke: string) => void actions.restyle({ stroke }), [actions]);
  const commitFont = useMemo(() => (fontColor: string) => void actions.restyle({ fontColor }), [actions]);

  return (
    <section className="side-section" data-testid="style-panel">
      <h2 className="panel-heading">{count > 1 ? `Style of ${count} shapes` : 'Style'}</h2>
      <ThemeSwatches active={shape.theme} testIdPrefix="theme-" onPick={(theme) => restyle({ theme })} />
      <div className="field-row">
        <ColorField label="Fill" value={colors.fill} testId="style-fill" onCommit={commitFill} />
        <ColorField label="Line" value={colors.stroke} testId="style-stroke" onCommit={commitStroke} />
        <ColorField label="Text" value={colors.fontColor} testId="style-font-color" onCommit={commitFont} />
      </div>
      <div className="field-row">
        <NumberField
          label="Font size"
          value={shape.style.fontSize ?? DEFAULT_FONT_SIZE}
          min={1}
          max={200}
          testId="style-font-size"
          onCommit={(fontSize) => restyle({ fontSize })}
        />
        <NumberField
          label="Opacity %"
          value={shape.style.opacity ?? 100}
          min={0}
          max={100}
          testId="style-opacity"
          onCommit={(opacity) => restyle({ opacity })}
        />
      </div>
      <div className="flag-row" role="group" aria-label="Text and outline">
        {FLAG_BUTTONS.map(({ flag, label, title }) => {
          const on = shape.style[flag] === true;
          return (
            <button
              key={flag}
              type="button"
              className={`flag${on ? ' on' : ''}`}
              aria-pressed={on}
              title={title}
              data-testid={`style-${flag}`}
              onClick={() => restyle({ flag, on: !on })}
            >
              {label}
            </button>
          );
        })}
      </div>
    </section>
  );
}

function ShapeFacts({ shape }: { shape: ShapeRecord }) {
  const actions = useActions();
  return (
    <section className="side-section">
      <h2 className="panel-heading">Shape</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{shape.alias}</dd>
        {shape.text !== shape.alias && (
          <>
            <dt>Label</dt>
            <dd>{shape.text}</dd>
          </>
        )}
        <dt>Type</dt>
        <dd>{shape.type}</dd>
        <dt>Place</dt>
        <dd>
          {shape.x}, {shape.y} · {shape.w}×{shape.h}
        </dd>
      </dl>
      <button type="button" className="text-button" onClick={() => actions.startRename('shape', shape.id)}>
        Rename…
      </button>
    </section>
  );
}

function SelectedShapes({ ids }: { ids: readonly string[] }) {
  const first = useDrawio((s) => s.shapes.get(ids[0]));
  if (!first) return null;
  return (
    <>
      {ids.length === 1 && <ShapeFacts shape={first} />}
      <StyleSection shape={first} count={ids.length} />
    </>
  );
}

function SelectedGroup({ id }: { id: string }) {
  const group = useDrawio((s) => s.groups.get(id));
  const actions = useActions();
  if (!group) return null;
  return (
    <section className="side-section">
      <h2 className="panel-heading">Group</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{group.name}</dd>
        <dt>Label</dt>
        <dd>{group.text}</dd>
      </dl>
      <button type="button" className="text-button" onClick={() => void actions.ungroup(group.name)}>
        Ungroup
      </button>
    </section>
  );
}

/** An edge's end as the panel says it: a shape's name, a container's, or a loose end's point. */
function endText(state: Pick<DrawioState, 'shapes' | 'groups'>, id: string, point: Point | undefined): string | undefined {
  if (id === '') return point && `a loose end at ${Math.round(point.x)}, ${Math.round(point.y)}`;
  return state.shapes.get(id)?.alias ?? state.groups.get(id)?.name;
}

function SelectedEdge({ id }: { id: string }) {
  const edge = useDrawio((s) => s.edges.get(id));
  const source = useDrawio((s) => (edge ? endText(s, edge.source, edge.sourcePoint) : undefined));
  const target = useDrawio((s) => (edge ? endText(s, edge.target, edge.targetPoint) : undefined));
  const actions = useActions();
  if (!edge) return null;
  return (
    <section className="side-section">
      <h2 className="panel-heading">Connection</h2>
      <dl className="facts">
        <dt>From</dt>
        <dd>{source}</dd>
        <dt>To</dt>
        <dd>{target}</dd>
        <dt>Line</dt>
        <dd>{edge.lineStyle}</dd>
        <dt>Label</dt>
        <dd>{edge.label || '—'}</dd>
      </dl>
      <button type="button" className="text-button" onClick={() => actions.startRename('edge', id)}>
        Edit label…
      </button>
    </section>
  );
}

function PageLayers() {
  const actions = useActions();
  const pageId = useDrawio((s) => s.meta?.activePageId);
  const layers = useDrawio((s) => s.layers);
  const shapeCount = useDrawio((s) => s.shapes.size);
  const edgeCount = useDrawio((s) => s.edges.size);
  const pageLayers = useMemo(() => [...layers.values()].filter((l) => l.pageId === pageId).sort((a, b) => a.order - b.order), [layers, pageId]);
  return (
    <section className="side-section">
      <h2 className="panel-heading">Layers</h2>
      <ul className="layer-list">
        {pageLayers.map((layer) => (
          <li key={layer.id}>
            <label>
              <input
                type="checkbox"
                checked={layer.visible}
                data-testid={`layer-${layer.name}`}
                onChange={(e) => void actions.setLayerVisible(layer.name, e.target.checked)}
              />
              {layer.name}
            </label>
          </li>
        ))}
      </ul>
      <p className="hint">
        {shapeCount} shapes · {edgeCount} connections in the document. Select a shape to style it; double-click to rename.
      </p>
    </section>
  );
}

export function SidePanel() {
  const selection = useEditor((s) => s.selection);
  let body: ReactNode;
  if (selection.shapeIds.length > 0) body = <SelectedShapes ids={selection.shapeIds} />;
  else if (selection.groupIds.length > 0) body = <SelectedGroup id={selection.groupIds[0]} />;
  else if (selection.edgeIds.length > 0) body = <SelectedEdge id={selection.edgeIds[0]} />;
  else body = <PageLayers />;
  return (
    <aside className="side-panel" aria-label="Selection">
      {body}
    </aside>
  );
}
