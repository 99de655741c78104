/**
 * Automatic layout of shapes with ELK (elkjs): the engine behind `layout ... algo:layered|force|tree`.
 * Takes sizes and connections, answers top-left positions; it knows nothing about records.
 */
import type { ELK as ElkEngine, ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { FlowDirection } from '../../../shared/drawio/model';

export type LayoutAlgorithm = 'layered' | 'force' | 'tree';

export interface LayoutInput {
  nodes: { id: string; w: number; h: number }[];
  edges: { id: string; source: string; target: string }[];
  algo: LayoutAlgorithm;
  dir: FlowDirection;
  /** Gap in px between neighbouring nodes and between layers. */
  spacing: number;
  /** Where the top-left corner of the laid-out drawing goes. */
  origin: { x: number; y: number };
}

const ELK_ALGORITHMS: Record<LayoutAlgorithm, string> = {
  layered: 'layered',
  force: 'force',
  tree: 'mrtree',
};

const ELK_DIRECTIONS: Record<FlowDirection, string> = {
  TB: 'DOWN',
  LR: 'RIGHT',
  BT: 'UP',
  RL: 'LEFT',
};

/** Force layout starts from random positions; a fixed seed makes it repeatable. */
const RANDOM_SEED = '1';

/** ELK wants the root graph to have an id; this one cannot clash with a node id a caller uses. */
const ROOT_ID = '\u0000layout-root';

/** The bundled build runs in this thread; one instance serves every call. */
/**
 * ELK is a large bundle (about a tenth of a second to load): it is loaded on the first layout,
 * not at start-up, and then reused.
 */
let elkEngine: Promise<ElkEngine> | undefined;
function loadElk(): Promise<ElkEngine> {
  elkEngine ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default());
  return elkEngine;
}

/** The name of the layout in the domain's offloaded tasks. */
export const LAYOUT_TASK = 'layout';

export type LayoutPositions = Map<string, { x: number; y: number }>;

export async function computeLayout(input: LayoutInput): Promise<LayoutPositions> {
  const algorithm = lookup(ELK_ALGORITHMS, input.algo, 'layout algorithm', 'algo:layered|force|tree');
  const direction = lookup(ELK_DIRECTIONS, input.dir, 'layout direction', 'dir:TB|LR|BT|RL');
  if (!Number.isFinite(input.spacing) || input.spacing < 0) {
    throw new StudioError(ErrorCode.badParam, `bad layout spacing ${input.spacing}`, 'spacing:60');
  }
  const positions = new Map<string, { x: number; y: number }>();
  if (input.nodes.length === 0) return positions;

  const graph: ElkNode = {
    id: ROOT_ID,
    layoutOptions: elkOptions(algorithm, direction, input.spacing),
    children: elkChildren(input.nodes),
    edges: elkEdges(input),
  };
  const laidOut = await (await loadElk()).layout(graph);

  const children = laidOut.children ?? [];
  // A loop, not Math.min(...spread): a spread of many thousand arguments overflows the stack.
  let left = Infinity;
  let top = Infinity;
  for (const child of children) {
    left = Math.min(left, child.x ?? 0);
    top = Math.min(top, child.y ?? 0);
  }
  for (const child of children) {
    positions.set(child.id, {
      x: Math.round(input.origin.x + (child.x ?? 0) - left),
      y: Math.round(input.origin.y + (child.y ?? 0) - top),
    });
  }
  return positions;
}

function lookup<K extends string>(table: Record<K, string>, key: string, what: string, suggestion: string): string {
  if (!Object.hasOwn(table, key)) throw new StudioError(ErrorCode.badParam, `unknown ${what} "${key}"`, suggestion);
  return table[key as K];
}

function elkOptions(algorithm: string, direction: string, spacing: number): LayoutOptions {
  const gap = String(spacing);
  return {
    'elk.algorithm': algorithm,
    'elk.direction': direction,
    'elk.randomSeed': RANDOM_SEED,
    'elk.spacing.nodeNode': gap,
    'elk.spacing.componentComponent': gap,
    'elk.layered.spacing.nodeNodeBetweenLayers': gap,
    // The drawing is translated to the origin afterwards, so the root needs no padding.
    'elk.padding': '[top=0,left=0,bottom=0,right=0]',
  };
}

function elkChildren(nodes: LayoutInput['nodes']): ElkNode[] {
  const seen = new Set<string>();
  return nodes.map((node) => {
    if (seen.has(node.id)) throw new StudioError(ErrorCode.badParam, `node "${node.id}" is given twice to the layout`);
    seen.add(node.id);
    return { id: node.id, width: node.w, height: node.h };
  });
}

/** Edges to nodes outside the layout are left out; ELK gets ids of its own so duplicates cannot clash. */
function elkEdges(input: LayoutInput): ElkExtendedEdge[] {
  const nodeIds = new Set(input.nodes.map((node) => node.id));
  return input.edges
    .filter((edge) => nodeIds.has(edge.source) && nodeIds.has(edge.target))
    .map((edge, index) => ({ id: `edge${index}`, sources: [edge.source], targets: [edge.target] }));
}
