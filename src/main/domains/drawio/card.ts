/**
 * The vocabulary part of the drawio reference card (after the verbs): types, themes, placement,
 * references, selectors, style keys, edges and answers. Built from the same constants the verbs
 * check against, so the card lists exactly what is accepted.
 */
import type { CardSection } from '../../fcp/domain';
import type { RecordStore } from '../../kernel/records';
import { type DrawioRecord, FIRST_SHAPE_POSITION, PLACEMENT_GAP, SHAPE_TYPES, THEMES } from '../../../shared/drawio/model';
import { SELECTOR_SYNTAX } from './selectors';
import { ARROW_HEADS, BADGE_POSITIONS, DIRECTIONS, EDGE_STYLES, FACES, FLOWS, LAYOUT_ALGOS, REGIONS } from './values';
import { DrawioView } from './view';

const typeLines = Object.entries(SHAPE_TYPES).map(([name, t]) => `${name.padEnd(9)} ${`${t.w}x${t.h}`.padEnd(7)} ${t.drawnAs}`);

const themeLines = Object.entries(THEMES).map(
  ([name, t]) => `${name.padEnd(7)} fill ${t.fill} stroke ${t.stroke}${t.fontColor ? ` font ${t.fontColor}` : ''}${name === 'blue' ? ' (default)' : ''}`,
);

export const cardSections: CardSection[] = [
  {
    title: 'Shape types (default size, drawn as)',
    lines: [
      ...typeLines,
      'add LABEL with no TYPE guesses from the words of the label: database db store cache redis postgres mysql mongo -> db;',
      '  user actor person customer admin -> actor; queue buffer stream kafka sqs event -> queue;',
      '  cloud external internet cdn -> cloud; document file log report -> doc; decision check condition or a trailing ? -> decision;',
      '  otherwise svc. The width grows with a long label (8 px a character + 20, rounded up to 10).',
      'Custom types: define NAME base:TYPE [theme:T] [size:WxH], then add NAME Label.',
    ],
  },
  {
    title: 'Themes',
    lines: [...themeLines, 'Custom themes: define theme NAME fill:#hex stroke:#hex [font-color:#hex]; use as theme:NAME.'],
  },
  {
    title: 'Placement',
    lines: [
      `The first shape goes at (${FIRST_SHAPE_POSITION.x},${FIRST_SHAPE_POSITION.y}). Without at:/near:, a new shape goes one ${PLACEMENT_GAP} px gap after the`,
      '  last touched shape in the flow (TB below, LR right, BT above, RL left); shapes in the way are stepped past.',
      `near:REF dir:DIR puts it beside REF: dir ${DIRECTIONS.join(' ')}`,
      '  (right/left keep the top edges aligned, above/below the left edges).',
      'at:X,Y is the top-left corner in px, taken as given. at:REGION is one of the nine regions of the canvas `map` reports:',
      `  ${REGIONS.join(' ')}`,
      'size:WxH overrides the type size. count:N adds LABEL1..LABELN, each after the previous.',
      'label:"Display text" sets what is drawn; LABEL stays the name refs use. in:GROUP adds to an existing group.',
      `Flows (orient): ${FLOWS.join(' ')}. Layout algorithms: ${LAYOUT_ALGOS.join(' ')}.`,
      'Coordinates are absolute page px, top-left corners, also inside groups.',
    ],
  },
  {
    title: 'References',
    lines: [
      'AuthService      the name (alias) or the label, ignoring case; also authservice, auth-service, Auth_Service',
      'Auth             a unique prefix',
      'db:UserDB        type-qualified (when two shapes share a name prefix)',
      'Backend/UserDB   the shape UserDB in group Backend, or on page Backend',
      '#s12             the stable id (describe shows it)',
      'Names are unique per page, ignoring case. Quote names with spaces: "Auth Service".',
      'A miss answers with "Did you mean"; an ambiguous ref lists the candidates with qualified forms.',
    ],
  },
  {
    title: 'Selectors',
    lines: [
      SELECTOR_SYNTAX.join('  '),
      '@recent is the newest shape, @recent:N the N newest; @orphan has no edges; @connected:REF are its neighbours.',
      '@selected is what the person has selected in the Diagram view ("make these blue": style @selected theme:blue); query `selection` describes it. No window or nothing selected is an error.',
      '@not:KIND:VALUE negates one (@not:type:db). Several selectors intersect. Used by style, remove, move, resize, group, layout, list.',
      'A selector that matches nothing is an error that says what the page has.',
    ],
  },
  {
    title: 'Style keys',
    lines: [
      'fill: stroke: font-color:  #rgb, #rrggbb, none, or a theme name (its fill / stroke colour)',
      'font-size:N (1-200)  opacity:0-100  theme:T (drops fill/stroke/font-color overrides)',
      'rounded: dashed: shadow: bold: italic: underline:  true|false, or bare flags: bold italic underline rounded dashed shadow',
      '  and no-bold no-italic no-underline no-rounded no-dashed no-shadow',
      `badge positions: ${BADGE_POSITIONS.join(' ')}`,
    ],
  },
  {
    title: 'Edges',
    lines: [
      '->  one head   <->  both heads   --  no heads   (glued also works: A->B)',
      `style: ${EDGE_STYLES.join(' ')} (default solid)`,
      `heads (source-arrow: target-arrow:): ${ARROW_HEADS.join(' ')}`,
      "describe adds source-marker:/target-marker: where a file draws an end these do not name (ERmandOne, block...)",
      `exit:/entry: FACE[@f], FACE ${FACES.join(' ')}, f from 0 to 1 along the face (default 0.5)`,
      'One edge per pair: connect on a connected pair updates that edge; removing a shape removes its edges.',
    ],
  },
  {
    title: 'Answers',
    lines: [
      '+svc AuthService @(200,200 140x60) blue       ~AuthService->UserDB "queries" solid',
      '*styled UserDB fill:#ff0000 (1 shape)         @moved A to (300,400) (shifted 1 item)',
      '-AuthService                                  !group Backend (2 shapes)',
      'Last line: digest: 3s 1e 0g = shapes, edges, groups in the whole document (plus the active page when there are several).',
      'An error answers `! message [code]` and `  try: ...`; the whole batch is then rolled back.',
    ],
  },
];

/** Custom types and themes defined in this document, for `drawio_help`. */
export function sessionCard(store: RecordStore<DrawioRecord>): string[] {
  const view = new DrawioView(store);
  const lines: string[] = [];
  for (const t of view.customTypes()) {
    const base = SHAPE_TYPES[t.base];
    lines.push(`type ${t.name}: base ${t.base} ${t.w ?? base.w}x${t.h ?? base.h}${t.theme ? ` theme:${t.theme}` : ''} (add ${t.name} LABEL)`);
  }
  for (const t of view.customThemes()) {
    lines.push(`theme ${t.name}: fill ${t.fill} stroke ${t.stroke}${t.fontColor ? ` font ${t.fontColor}` : ''}`);
  }
  return lines;
}
