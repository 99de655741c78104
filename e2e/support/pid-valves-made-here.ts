/**
 * Made here for the viewer comparison: diagrams.net's P&ID valves drawn in code (mxPidValves.js):
 * pid2valves.valve in every `valveType`, open and closed, with and without colours of its own; its
 * every `actuator` on a gate, a butterfly (whose actuator's upper parts diagrams.net draws lower),
 * an angle globe and a three-way valve; and the block and bleed valve with each actuator. Sizes as
 * diagrams.net's palette (Sidebar-PID.js) gives them: 100 x 60 without an actuator, 100 x 100 with.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const PID_VALVES_MADE_HERE = 'pid-valves.drawio';


/** The palette's style for a valve, as Sidebar-PID.js writes it. */
const PALETTE = 'verticalLabelPosition=bottom;align=center;html=1;verticalAlign=top;pointerEvents=1;dashed=0;';
const valve = `${PALETTE}shape=mxgraph.pid2valves.valve;`;
const own = 'fillColor=#dae8fc;strokeColor=#6c8ebf;';

const VALVE_TYPES = ['gate', 'ball', 'globe', 'plug', 'needle', 'selfDrain', 'butterfly', 'check', 'angle', 'angleGlobe', 'threeWay', 'angBlow'];
const ACTUATORS = [
  'man', 'diaph', 'balDiaph', 'motor', 'elHyd', 'spring', 'pilot', 'solenoid', 'powered',
  'digital', 'weight', 'key', 'solenoidManRes', 'singActing', 'dblActing', 'pilotCyl', 'angBlow', 'none',
];
const ANGLED = new Set(['angle', 'angleGlobe', 'threeWay', 'angBlow']);

/** Each valve type across, down: plain, closed in colours of its own, with a hand wheel, closed with a double-acting cylinder. */
const TYPES: readonly Cell[] = VALVE_TYPES.flatMap((type, column): Cell[] => {
  const x = 20 + column * 130;
  const [low, high] = ANGLED.has(type) ? [80, 120] : [60, 100];
  return [
    [`${type}`, `${valve}valveType=${type};`, x, 20, 100, low],
    [`${type}-closed-own`, `${valve}valveType=${type};defState=closed;${own}`, x, 140, 100, low],
    [`${type}-man`, `${valve}valveType=${type};actuator=man;`, x, 260, 100, high],
    [`${type}-dbl-closed`, `${valve}valveType=${type};actuator=dblActing;defState=closed;`, x, 420, 120, high],
  ];
});

/** Turned, flipped, dashed and thick: the shape's box and lines as mxShape applies the style to any shape. */
const TURNED: readonly Cell[] = [
  ['motor-south', `${valve}valveType=gate;actuator=motor;direction=south;`, 20, 580, 100, 100],
  ['check-flipped', `${valve}valveType=check;actuator=spring;flipH=1;`, 160, 580, 100, 100],
  ['globe-dashed', `${valve}valveType=globe;actuator=pilotCyl;dashed=1;strokeWidth=2;`, 300, 580, 100, 100],
  ['three-way-turned', `${valve}valveType=threeWay;actuator=solenoidManRes;rotation=30;${own}`, 440, 580, 100, 120],
  ['bleed-north', `${PALETTE}shape=mxgraph.pid2valves.blockBleedValve;actuator=diaph;direction=north;`, 600, 600, 100, 170],
];

/** Every actuator on a valve type, nine to a row (ids unique in the file, as the studio keeps them). */
function actuatorRows(type: string, top: number, size: readonly [number, number], colours = ''): Cell[] {
  return ACTUATORS.map((actuator, n): Cell => [
    `actuated-${type}-${actuator}`,
    `${valve}valveType=${type};actuator=${actuator};${n % 3 === 1 ? colours : ''}`,
    20 + (n % 9) * 140,
    top + Math.floor(n / 9) * (size[1] + 30),
    ...size,
  ]);
}

const ACTUATED: readonly Cell[] = [
  ...actuatorRows('gate', 20, [100, 100], own),
  ...actuatorRows('butterfly', 300, [100, 100]),
  ...actuatorRows('angleGlobe', 580, [100, 120], own),
  ...actuatorRows('threeWay', 900, [120, 120]),
];

const BLOCK_BLEED: readonly Cell[] = ACTUATORS.map((actuator, n): Cell => [
  `bleed-${actuator}`,
  `${PALETTE}shape=mxgraph.pid2valves.blockBleedValve;actuator=${actuator};${n % 4 === 1 ? own : ''}`,
  20 + (n % 9) * 140,
  20 + Math.floor(n / 9) * 210,
  100,
  actuator === 'none' ? 130 : 170,
]);

export const PID_VALVES_MADE_HERE_XML = `<mxfile>${fileOf('Valve types', [...TYPES, ...TURNED])}${fileOf('Actuators', ACTUATED)}${fileOf('Block and bleed', BLOCK_BLEED)}</mxfile>`;
