/**
 * Single shapes of diagrams.net's libraries drawn in code: GCP 2's double rectangle (mxGCP2.js),
 * the flowchart's second document (mxFlowchart.js), IBM's box with its type tag (mxIBM.js) and
 * AWS 4's second group (mxAWS4.js), with the geometry of their shape classes.
 */
import { PathData } from './code-shape-pen';
import { drawStencil, groupIcon, type Painter, type ShapeContext, type StencilsInside } from './code-shape-context';
import { canvasText } from './code-shapes-widget-kit';

/** Two boxes of 1 px corners 8 px shorter than the cell, the back one moved 8 px down and right. */
const doubleRect: Painter = ({ w, h, fig }) => {
  const [inner, outer] = [w - 8, h - 8];
  fig.roundRect(8, 8, inner, outer, 1);
  fig.roundRect(0, 0, inner, outer, 1);
};

/** A document with 5 px top corners whose wave, `size` (0.5) of the height deep, runs along the bottom. */
const document2: Painter = (c) => {
  const { w, h, fig } = c;
  const dy = h * Math.max(0, Math.min(1, c.num('size', 0.5)));
  const [fy, r] = [1.4, 5];
  fig.path(
    new PathData()
      .moveTo(w - r, 0)
      .arcTo(r, r, 0, 0, 1, w, r)
      .lineTo(w, h - dy / 2)
      .quadTo((w * 3) / 4, h - dy * fy, w / 2, h - dy / 2)
      .quadTo(w / 4, h - dy * (1 - fy), 0, h - dy / 2)
      .lineTo(0, dy / 2)
      .lineTo(0, r)
      .arcTo(r, r, 0, 0, 1, r, 0)
      .close(),
  );
};

/** IBM's types whose box carries a 25 px tag at its top left. */
const IBM_TAGS = new Set(['cloud', 'vpc', 'region', 'zone', 'subnet', 'public', 'enterprise', 'classic']);

/** The stencil of an IBM box's `prType` tag, or undefined when its type has none. */
function ibmBoxTag(style: ReadonlyMap<string, string>): string | undefined {
  const type = style.get('prType') ?? '';
  return IBM_TAGS.has(type) ? `mxgraph.ibm.${type}tag` : undefined;
}

/** IBM's box: the rectangle, and its type's tag 25 px at the top left in the stroke's colour. */
const ibmBox: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  const tag = ibmBoxTag(c.style);
  if (tag) drawStencil(c, tag, [0, 0, 25, 25], { fill: c.stroke, stroke: 'none' });
};

/** AWS 4's second group: its box, a 25 px square in the stroke's colour at the top left, and its grIcon white in it, 10 % in. */
const awsGroup2: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  c.fig.rect(0, 0, 25, 25, 'fill', { fill: c.stroke });
  const icon = c.style.get('grIcon');
  if (icon) drawStencil(c, icon, [2.5, 2.5, 20, 20], { fill: '#ffffff', stroke: 'none' });
};

/** Cisco 19's framed icons, by the background stencil (mxgraph.cisco19.bgN) their `prIcon` stands on; others stand on bg1. */
const CISCO19_BACKGROUNDS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [2, ['l2_modular', 'l3_modular', '6500_vss', 'nexus_9500', 'nexus_7k']],
  [3, ['l2_switch_with_dual_supervisor', 'l3_switch_with_dual_supervisor']],
  [4, ['l2_modular2']],
  [5, ['l3_modular2', '6500_vss2', 'hypervisor', 'collab1']],
  [6, ['content_router', 'router_with_firewall2', 'netflow_router2', 'nam_virtual_service_blade', 'ucs_5108_blade_chassis', 'storage', 'nexus_1kv_vsm', 'nexus_1k', 'nexus_1010', 'dual mode access point', 'wireless_lan_controller', 'primary_codec', 'virtual_desktop_service', 'video_gateway', 'video_analytics', 'telepresence_exchange', 'meeting_scheduling_and_management_server', 'content_recording_streaming_server', 'communications_manager', 'cisco_unified_presence_service', 'cisco_unified_contact_center_enterprise_and_hosted', 'h323', 'monitor', 'telepresence_endpoint_twin_data_display', 'operations_manager', 'transcoder', 'contact_center_express', 'ip_ip_gateway', 'shield', 'set_top', 'da_encoder', 'ad_encoder', 'da_decoder', 'ad_decoder', 'acs', 'email_security', 'vpn_concentrator', 'ssl_terminator', 'cisco_security_manager', 'web_security', 'nac_appliance', 'ironport', 'ips_ids', 'firewall', 'asa_5500', 'flow_collector', 'load_balancer', 'web_application_firewall', 'analysis_correlation', 'flow_analytics', 'virtual_private_network2', 'web_security_services', 'web_security_services2', 'virtual_private_network_connector']],
  [7, ['asr_1000']],
  [8, ['fibre_channel_director_mds_9000', 'fibre_channel_fabric_switch']],
  [9, ['ucs_c_series_server']],
  [10, ['immersive_telepresence_endpoint']],
];

/** Cisco 19's icons drawn on a filled circle (the wireless router's on its lower 83 %) instead of a background stencil. */
const CISCO19_ROUND = new Set(['router', 'csr_1000v', 'wireless_router', 'l3_modular3', 'ucs_express', 'router_with_voice', 'router_with_firewall', 'netflow_router', 'secure_router', 'ip_telephone_router', 'asr_9000', 'clock', 'vbond', 'vmanage', 'vsmart']);

/** The stencils a Cisco 19 framed icon draws: its background (none for the round ones), then its `prIcon` (default l2_switch). */
function cisco19RectStencils(style: ReadonlyMap<string, string>): string[] {
  const icon = style.get('prIcon') ?? 'l2_switch';
  const icons = [`mxgraph.cisco19.${icon}`];
  if (CISCO19_ROUND.has(icon)) return icons;
  if (icon === 'aci') return ['mxgraph.cisco19.acibg', ...icons];
  const bg = CISCO19_BACKGROUNDS.find(([, names]) => names.includes(icon))?.[0] ?? 1;
  return [`mxgraph.cisco19.bg${bg}`, ...icons];
}

/** Cisco 19's framed icon: its background in the fill (a circle, or ACI's frame 19.5 % in), then its icon in the stroke's colour. */
const cisco19Rect: Painter = (c) => {
  const { w, h } = c;
  const icon = c.style.get('prIcon') ?? 'l2_switch';
  const stencils = cisco19RectStencils(c.style);
  const [background, stencil] = stencils.length === 2 ? stencils : [undefined, stencils[0]];
  if (background === undefined) {
    const top = icon === 'wireless_router' ? h * 0.17 : 0;
    c.fig.ellipse(0, top, w, h - top, 'fill');
  } else {
    const inset = icon === 'aci' ? 0.195 : 0;
    drawStencil(c, background, [w * inset, h * inset, w * (1 - 2 * inset), h * (1 - 2 * inset)]);
  }
  drawStencil(c, stencil, [0, 0, w, h], { fill: c.stroke });
};

/** One stencil under a GCP 2 hexagon icon: its name (mxgraph.gcp2.NAME), box in fractions of the cell, alpha, and paint. */
interface HexLayer {
  readonly stencil: string;
  readonly at: readonly [number, number, number, number];
  readonly alpha: number;
  /** `cell` for the cell's fill; `outline` strokes in the cell's fill with nothing inside; `white` fills white, stroked in the cell's fill. */
  readonly paint: 'cell' | 'outline' | 'white' | '#FCC64D' | '#A5DA40';
  /** The outline's width as a share of the smaller side, when it sets one. */
  readonly width?: number;
}

const HEX_INNER: HexLayer = { stencil: 'outline_blank_1', at: [0.13, 0.12, 0.74, 0.76], alpha: 1, paint: 'white', width: 0.038 };
const HEX_RING: HexLayer = { stencil: 'outline_blank_1', at: [0.02, 0, 0.96, 1], alpha: 0.4, paint: 'outline', width: 0.038 };
const HEX_WIDE = (alpha: number): HexLayer => ({ stencil: 'outline_blank_2', at: [0.14, 0.01, 0.72, 0.98], alpha, paint: 'cell' });
const HEX_TALL: HexLayer = { stencil: 'outline_blank_2', at: [0.21, 0.12, 0.58, 0.76], alpha: 0.5, paint: 'cell' };

/** The stencils GCP 2's hexagon icon draws under its icon for each `prType` (standard: none). */
const HEX_TYPES: Readonly<Record<string, readonly HexLayer[]>> = {
  dynamic: [HEX_TALL],
  multiple: [HEX_TALL, { stencil: 'outline_blank_3', at: [0.17, 0.13, 0.66, 0.74], alpha: 0.7, paint: 'cell' }],
  shared: [HEX_RING, { ...HEX_WIDE(0.7), paint: 'outline', width: 0.038 }, HEX_INNER],
  replica: [HEX_RING, { ...HEX_RING, at: [0.075, 0.06, 0.85, 0.88], alpha: 0.7 }, HEX_INNER],
  dynamic2: [HEX_WIDE(0.5), { ...HEX_INNER, width: 0.01 }],
  dynamic3: [HEX_WIDE(1), { ...HEX_INNER, width: 0.01 }],
  highmem: [{ stencil: 'outline_highmem', at: [0, 0.56, 1, 0.28], alpha: 0.5, paint: 'cell' }],
  highcomp: [{ stencil: 'outline_highcomp', at: [0, 0.16, 1, 0.28], alpha: 0.5, paint: 'cell' }],
  backend: [{ stencil: 'outline_blank_1', at: [0.12, 0.11, 0.76, 0.78], alpha: 1, paint: '#FCC64D' }],
  input: [{ stencil: 'outline_blank_1', at: [0.12, 0.11, 0.76, 0.78], alpha: 1, paint: '#A5DA40' }],
};

function hexLayers(style: ReadonlyMap<string, string>): readonly HexLayer[] {
  return HEX_TYPES[style.get('prType') ?? ''] ?? [];
}

/** The stencils GCP 2's hexagon icon draws: its type's, then its `prIcon` (compute_engine by default). */
function gcp2HexIconStencils(style: ReadonlyMap<string, string>): string[] {
  return [...hexLayers(style).map((layer) => layer.stencil), style.get('prIcon') ?? 'compute_engine'].map((name) => `mxgraph.gcp2.${name}`);
}

/**
 * GCP 2's hexagon icon: its type's hexagons, its icon 0.17, 0.16 in at 0.66 x 0.68 of the cell in
 * the fill with no stroke, and for an `instNum` above 0 a white badge at the top left holding it.
 */
const gcp2HexIcon: Painter = (c) => {
  const { w, h } = c;
  const side = Math.min(w, h);
  // Where a type changes the stroke (none, or the fill's colour), later hexagons keep it, as on diagrams.net's canvas.
  let stroke = c.stroke;
  for (const layer of hexLayers(c.style)) {
    const at = [w * layer.at[0], h * layer.at[1], w * layer.at[2], h * layer.at[3]] as const;
    if (layer.paint === 'cell') stroke = 'none';
    else if (layer.paint !== '#FCC64D' && layer.paint !== '#A5DA40') stroke = c.fill;
    const fill = layer.paint === 'cell' ? c.fill : layer.paint === 'outline' ? 'none' : layer.paint === 'white' ? '#ffffff' : layer.paint;
    drawStencil(c, `mxgraph.gcp2.${layer.stencil}`, at, { fill, stroke, opacity: layer.alpha, strokeWidth: layer.width === undefined ? undefined : side * layer.width });
  }
  drawStencil(c, `mxgraph.gcp2.${c.style.get('prIcon') ?? 'compute_engine'}`, [w * 0.17, h * 0.16, w * 0.66, h * 0.68], { fill: c.fill, stroke: 'none' });
  const count = Math.trunc(c.num('instNum', 0));
  if (count > 0) {
    const badge = [w * 0.2, 0, w * 0.18, h * 0.22] as const;
    c.fig.ellipse(...badge, 'fillStroke', { fill: '#ffffff', stroke: '#ffffff', strokeWidth: side * 0.038 });
    c.fig.ellipse(...badge, 'stroke', { stroke: c.fill, strokeWidth: side * 0.038, strokeOpacity: 0.5 });
    c.fig.text(w * 0.29, h * 0.11 + 1, String(count), canvasText({ size: side * 0.1, color: '#4E6B89', bold: true, anchor: 'middle' }));
  }
};

const SAFE_APPLIANCE = 'mxgraph.cisco_safe.architecture.generic_appliance';

/** Cisco SAFE's round backgrounds: their ellipse as fractions of the cell (`ellipse` fills the cell, 1 px in once it is 100 px wide). */
const SAFE_ROUND: Readonly<Record<string, readonly [number, number, number, number]>> = {
  threat1: [0.18, 0.16, 0.66, 0.65],
  threat2: [0.01, 0.01, 0.98, 0.6],
  threat3: [0.18, 0.2, 0.64, 0.79],
  threat4: [0.09, 0.03, 0.82, 0.77],
  threat5: [0.16, 0.01, 0.67, 0.72],
};

/** The stencils a Cisco SAFE composite icon draws: its `bgIcon` when that names one, and its `resIcon`. */
function ciscoSafeIconStencils(style: ReadonlyMap<string, string>): string[] {
  const background = style.get('bgIcon') ?? '';
  const icon = style.get('resIcon') ?? '';
  return [background !== 'ellipse' && !(background in SAFE_ROUND) ? background : '', icon].filter((name) => name !== '');
}

/** The generic appliance's rounded octagon in bgColor, its stencil in the stroke's colour, and eight white dots at half alpha. */
function safeAppliance(c: ShapeContext): void {
  const { w, h } = c;
  const [rx, ry] = [w * 0.3, h * 0.3];
  c.fig.path(
    new PathData().moveTo(0, ry).arcTo(rx, ry, 0, 0, 1, rx, 0).lineTo(w - rx, 0).arcTo(rx, ry, 0, 0, 1, w, ry).lineTo(w, h - ry)
      .arcTo(rx, ry, 0, 0, 1, w - rx, h).lineTo(rx, h).arcTo(rx, ry, 0, 0, 1, 0, h - ry).close(),
    'fill',
    { fill: c.color('bgColor', '#C2E0AE') },
  );
  drawStencil(c, SAFE_APPLIANCE, [w * 0.26, h * 0.26, w * 0.48, h * 0.48], { fill: c.stroke, stroke: 'none' });
  const dots = [[0.105, 0.48], [0.855, 0.48], [0.48, 0.105], [0.48, 0.855], [0.17, 0.17], [0.79, 0.17], [0.79, 0.79], [0.17, 0.79]];
  for (const [x, y] of dots) c.fig.ellipse(w * x, h * y, w * 0.04, h * 0.04, 'fill', { fill: '#ffffff', fillOpacity: 0.5 });
}

/**
 * Cisco SAFE's composite icon: its `resIcon` in the cell's colours, a background over it in the
 * stroke's colour (an ellipse, a threat's ellipse, the generic appliance, or the `bgIcon` stencil
 * 1 % in), then the icon again in the fill with no stroke (half size at the middle of the appliance).
 */
const ciscoSafeCompositeIcon: Painter = (c) => {
  const { w, h } = c;
  const background = c.style.get('bgIcon') ?? '';
  const icon = c.style.get('resIcon') ?? '';
  const appliance = background === SAFE_APPLIANCE;
  if (icon && !appliance) drawStencil(c, icon, [0, 0, w, h]);
  const inset: readonly [number, number, number, number] = w < 100 ? [w * 0.01, h * 0.01, w * 0.98, h * 0.98] : [1, 1, w - 2, h - 2];
  const round = SAFE_ROUND[background];
  if (background === 'ellipse') c.fig.ellipse(...inset, 'fill', { fill: c.stroke });
  else if (round) c.fig.ellipse(w * round[0], h * round[1], w * round[2], h * round[3], 'fill', { fill: c.stroke });
  else if (appliance) safeAppliance(c);
  else if (background) drawStencil(c, background, inset, { fill: c.stroke, stroke: 'none' });
  if (icon) drawStencil(c, icon, appliance ? [w * 0.25, h * 0.25, w * 0.5, h * 0.5] : [0, 0, w, h], { stroke: 'none' });
};

/** The stencils Kubernetes' icon draws: its frame, then its `prIcon` when it names one. */
function kubernetesIconStencils(style: ReadonlyMap<string, string>): string[] {
  const icon = style.get('prIcon') ?? '';
  return ['mxgraph.kubernetes.frame', ...(icon ? [`mxgraph.kubernetes.${icon}`] : [])];
}

/** Kubernetes' icon: its frame in the stroke's colour, the frame again 3 % in in the fill, then its icon 20 % in in the stroke's colour. */
const kubernetesIcon: Painter = (c) => {
  const { w, h } = c;
  const [frame, icon] = kubernetesIconStencils(c.style);
  drawStencil(c, frame, [0, 0, w, h], { fill: c.stroke });
  drawStencil(c, frame, [w * 0.03, h * 0.03, w * 0.94, h * 0.94]);
  if (icon) drawStencil(c, icon, [w * 0.2, h * 0.2, w * 0.6, h * 0.6], { fill: c.stroke });
};

/** Jira's issue types: the stencil (mxgraph.atlassian.NAME) at the card's top left and its colour. */
const ISSUE_TYPES: Readonly<Record<string, readonly [string, string]>> = {
  story: ['story', '#61B659'], task: ['task', '#5EA3E4'], subTask: ['subtask', '#5EA3E4'], feature: ['new_feature', '#61B659'],
  bug: ['bug', '#CE0000'], techTask: ['tech_task', '#999C95'], epic: ['epic', '#9E4ADD'], improvement: ['improvement', '#61B659'],
  fault: ['fault', '#F8902F'], change: ['change', '#9E4ADD'], access: ['access', '#F8902F'], purchase: ['purchase', '#61B659'], itHelp: ['it_help', '#5EA3E4'],
};

/** Jira's priorities: the stencil at x 85 from the card's left, its colour, and its box when not 10 px square at 85, 5. */
const ISSUE_PRIORITIES: Readonly<Record<string, readonly [string, string, (readonly [number, number, number, number])?]>> = {
  blocker: ['no', '#CE0000'], critical: ['critical', '#CE0000', [86, 3, 8, 14]], major: ['double_up', '#CE0000'], minor: ['double', '#2A8735'], trivial: ['single', '#9AA1B2'],
};

/** Jira's statuses: the badge's text and width (others show their own name, 6.5 px a letter unless issueStatusWidth says). */
const ISSUE_STATUSES: Readonly<Record<string, readonly [string, number]>> = { todo: ['TO DO', 40], inProgress: ['IN PROGRESS', 80], inReview: ['IN REVIEW', 70], done: ['DONE', 40] };

/** The stencils a Jira issue draws: its type's and its priority's (task and minor by default). */
function atlassianIssueStencils(style: ReadonlyMap<string, string>): string[] {
  const type = ISSUE_TYPES[style.get('issueType') ?? 'task'];
  const priority = ISSUE_PRIORITIES[style.get('issuePriority') ?? 'minor'];
  return [type?.[0], priority?.[0]].filter((name) => name !== undefined).map((name) => `mxgraph.atlassian.${name}`);
}

/** Jira's issue card: its box, its type's icon 5 px in, its priority's 85 px in, and its status badge at the top right. */
const atlassianIssue: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  const type = ISSUE_TYPES[c.style.get('issueType') ?? 'task'];
  if (type) drawStencil(c, `mxgraph.atlassian.${type[0]}`, [5, 5, 10, 10], { fill: type[1], stroke: 'none' });
  const priority = ISSUE_PRIORITIES[c.style.get('issuePriority') ?? 'minor'];
  if (priority) drawStencil(c, `mxgraph.atlassian.${priority[0]}`, priority[2] ?? [85, 5, 10, 10], { fill: priority[1], stroke: 'none' });
  const status = c.style.get('issueStatus') ?? 'todo';
  const known = ISSUE_STATUSES[status];
  const width = known ? known[1] : c.num('issueStatusWidth', status.length * 6.5);
  c.fig.rect(c.w - width - 5, 5, width, 20, 'fill', { fill: '#FFFFFD' });
  const text = canvasText({ color: '#4E6B89', anchor: known ? 'middle' : 'end' });
  c.fig.text(known ? c.w - 5 - width / 2 : c.w - 7, 15, known ? known[0] : status, text);
};

export const SINGLE_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.gcp2.doubleRect': doubleRect,
  'mxgraph.flowchart.document2': document2,
  'mxgraph.ibm.box': ibmBox,
  'mxgraph.aws4.group2': awsGroup2,
  'mxgraph.cisco19.rect': cisco19Rect,
  'mxgraph.gcp2.hexIcon': gcp2HexIcon,
  'mxgraph.cisco_safe.compositeIcon': ciscoSafeCompositeIcon,
  'mxgraph.kubernetes.icon': kubernetesIcon,
  'mxgraph.atlassian.issue': atlassianIssue,
};

/** The stencils each of these shapes draws inside itself, by name (see codeShapeStencils). */
export const SINGLE_SHAPE_STENCILS: Readonly<Record<string, StencilsInside>> = {
  'mxgraph.ibm.box': (style) => [ibmBoxTag(style)].filter((tag) => tag !== undefined),
  'mxgraph.aws4.group2': groupIcon,
  'mxgraph.cisco19.rect': cisco19RectStencils,
  'mxgraph.gcp2.hexIcon': gcp2HexIconStencils,
  'mxgraph.cisco_safe.compositeIcon': ciscoSafeIconStencils,
  'mxgraph.kubernetes.icon': kubernetesIconStencils,
  'mxgraph.atlassian.issue': atlassianIssueStencils,
};
