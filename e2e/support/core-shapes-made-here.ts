/**
 * Made here for the viewer comparison: mxGraph's and diagrams.net's general shapes drawn in code
 * (code-shapes-core.ts) and its edge shapes (edge-shapes.ts: flexArrow, arrowConnector, link,
 * arrow, networks' comm link, lean mapping's information flows), each in its variants, with and
 * without colours of its own; the edges straight, through waypoints, and between shapes.
 */
export const CORE_SHAPES_MADE_HERE = 'core-shapes.drawio';

type Vertex = readonly [id: string, style: string, x: number, y: number, w: number, h: number];

const own = 'fillColor=#dae8fc;strokeColor=#6c8ebf;';

const SHAPES: readonly Vertex[] = [
  ['actor', 'shape=actor;whiteSpace=wrap;html=1;', 20, 20, 40, 60],
  ['actor-own', `shape=actor;whiteSpace=wrap;html=1;${own}`, 80, 20, 60, 80],
  ['iso-rect', 'shape=isoRectangle;whiteSpace=wrap;html=1;', 160, 20, 120, 70],
  ['iso-rect-own', `shape=isoRectangle;whiteSpace=wrap;html=1;${own}`, 300, 20, 80, 80],
  ['iso-cube', 'shape=isoCube;whiteSpace=wrap;html=1;', 400, 20, 90, 100],
  ['iso-cube-own', `shape=isoCube;whiteSpace=wrap;html=1;${own}`, 510, 20, 120, 90],
  ['iso-cube2', 'shape=isoCube2;whiteSpace=wrap;html=1;', 650, 20, 80, 100],
  ['iso-cube2-steep', `shape=isoCube2;isoAngle=30;whiteSpace=wrap;html=1;${own}`, 750, 20, 80, 100],
  ['cylinder2', 'shape=cylinder2;whiteSpace=wrap;html=1;', 20, 140, 60, 80],
  ['cylinder2-own', `shape=cylinder2;size=25;whiteSpace=wrap;html=1;${own}`, 100, 140, 80, 100],
  ['switch', 'shape=switch;whiteSpace=wrap;html=1;', 200, 140, 60, 60],
  ['switch-own', `shape=switch;whiteSpace=wrap;html=1;${own}`, 280, 140, 100, 60],
  ['parallel', 'shape=parallelMarker;html=1;', 400, 140, 40, 20],
  ['parallel-own', `shape=parallelMarker;html=1;${own}`, 460, 140, 60, 30],
  ['message', 'shape=message;whiteSpace=wrap;html=1;', 540, 140, 60, 40],
  ['message-own', `shape=message;whiteSpace=wrap;html=1;${own}`, 620, 140, 80, 50],
  ['destroy', 'shape=umlDestroy;html=1;strokeWidth=3;', 720, 140, 30, 30],
  ['destroy-own', 'shape=umlDestroy;html=1;strokeColor=#b85450;', 770, 140, 40, 30],
  ['requires', 'shape=requires;html=1;rotation=90;', 20, 260, 30, 50],
  ['requires-own', 'shape=requires;html=1;size=16;strokeColor=#6c8ebf;', 70, 260, 40, 60],
  ['assoc', 'shape=associativeEntity;whiteSpace=wrap;html=1;', 130, 260, 120, 60],
  ['assoc-rounded', `shape=associativeEntity;rounded=1;whiteSpace=wrap;html=1;${own}`, 270, 260, 120, 60],
  ['crossbar', 'shape=crossbar;html=1;', 410, 260, 60, 20],
  ['crossbar-own', 'shape=crossbar;html=1;strokeColor=#b85450;strokeWidth=2;', 490, 260, 80, 30],
  ['ext', 'shape=ext;whiteSpace=wrap;html=1;', 590, 260, 100, 50],
  ['ext-double', 'shape=ext;double=1;whiteSpace=wrap;html=1;', 710, 260, 100, 50],
  ['ext-double-rounded', `shape=ext;double=1;rounded=1;whiteSpace=wrap;html=1;${own}`, 590, 330, 120, 60],
  ['transparent', 'shape=transparent;whiteSpace=wrap;html=1;', 730, 330, 80, 40],
  ['bus', 'shape=mxgraph.networks.bus;html=1;', 20, 420, 200, 20],
  ['bus-own', `shape=mxgraph.networks.bus;html=1;${own}`, 240, 410, 260, 40],
];

const EDGE_SHAPES: readonly Vertex[] = [
  // Two corners around the page: the canvas frames a page by its shapes and edges' points, past which arrows' heads reach.
  ['top-left', 'rounded=0;html=1;', 0, 0, 10, 10],
  ['bottom-right', 'rounded=0;html=1;', 990, 620, 10, 10],
  ['from', 'rounded=0;whiteSpace=wrap;html=1;', 20, 300, 80, 40],
  ['to', 'ellipse;whiteSpace=wrap;html=1;', 280, 380, 80, 60],
  ['to2', 'rounded=0;whiteSpace=wrap;html=1;', 520, 300, 80, 40],
];

const el = 'html=1;shape=mxgraph.electrical.';

const ELECTRICAL: readonly Vertex[] = [
  ['test-point', `${el}transmission.testPoint;`, 20, 20, 10, 40],
  ['test-point-own', `${el}transmission.testPoint;strokeColor=#b85450;`, 50, 20, 20, 20],
  ['straight-bus', `${el}transmission.straightBus;`, 90, 20, 30, 80],
  ['straight-bus-own', `${el}transmission.straightBus;${own}`, 140, 20, 60, 40],
  ['elbow2', `${el}transmission.twoLineBusElbow;notch=25;`, 220, 20, 60, 60],
  ['elbow3', `${el}transmission.threeLineBusElbow;notch=30;strokeColor=#6c8ebf;`, 300, 20, 60, 60],
  ['elbow4', `${el}transmission.fourLineBusElbow;notch=45;`, 380, 20, 80, 80],
  ['elbow8', `${el}transmission.eightLineBusElbow;notch=70;`, 480, 20, 100, 100],
  ['and', `${el}logic_gates.logic_gate;operation=and;`, 20, 140, 100, 60],
  ['or', `${el}logic_gates.logic_gate;operation=or;numInputs=3;${own}`, 140, 140, 100, 60],
  ['xor', `${el}logic_gates.logic_gate;operation=xor;negating=1;`, 260, 140, 100, 60],
  ['nand', `${el}logic_gates.logic_gate;negating=1;negSize=0.3;${own}`, 380, 140, 100, 60],
  ['buffer', `${el}logic_gates.buffer2;`, 500, 140, 100, 60],
  ['buffer-not', `${el}logic_gates.buffer2;negating=1;${own}`, 620, 140, 100, 60],
  ['battery', `${el}miscellaneous.batteryStack;`, 20, 240, 100, 60],
  ['battery-own', `${el}miscellaneous.batteryStack;strokeColor=#b85450;`, 140, 240, 160, 40],
  ['dc3', `${el}signal_sources.dc_source_3_v2;`, 320, 240, 60, 60],
  ['mux', `${el}abstract.mux2;strokeWidth=1;`, 20, 520, 80, 120],
  ['demux', `${el}abstract.mux2;operation=demux;selectorPins=2;${own}`, 120, 520, 80, 120],
  ['mux-south', `${el}abstract.mux2;selectorPins=2;direction=south;`, 220, 540, 120, 80],
  ['dip', `${el}logic_gates.dual_inline_ic;labelNames=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t;`, 360, 520, 100, 160],
  ['dip-square', `${el}logic_gates.dual_inline_ic;pinStyle=square;startPin=s;${own}`, 480, 520, 100, 160],
  ['dip-east', `${el}logic_gates.dual_inline_ic;startPin=e;pinLabelType=cust;labelNames=a,b,c,d,e,f,g,h;fontColor=#b85450;`, 600, 540, 160, 100],
  ['qfp', `${el}logic_gates.qfp_ic;labelNames=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,a1,b1,c1,d1,e1,f1,g1,h1,i1,j1,k1,l1,m1,n1;`, 20, 700, 200, 200],
  ['qfp-square', `${el}logic_gates.qfp_ic;pinStyle=square;startPin=ne;${own}`, 240, 700, 160, 120],
  ['qfp-nw', `${el}logic_gates.qfp_ic;startPin=nw;fontColor=#b85450;`, 420, 700, 120, 160],
  ['dc3-own', `${el}signal_sources.dc_source_3_v2;${own}`, 400, 240, 80, 80],
  ...['ac', 'none', 'square', 'triangular', 'sawtooth', 'noise', 'ideal', 'expSquib', 'pulse', 'invPulse', 'chopSquare', 'stepOn', 'stepOff', 'dc1', 'dc2', 'dc3'].map(
    (signal, i): Vertex => [`source-${signal}`, `${el}signal_sources.source;elSignalType=${signal};${i % 2 ? own : ''}${i % 3 === 2 ? 'elSourceType=dependent;' : ''}`, 20 + (i % 8) * 80, 340 + Math.floor(i / 8) * 80, 60, 60],
  ),
];

const PID: readonly Vertex[] = ['field', 'room', 'inaccessible', 'local'].flatMap((mounting, row): Vertex[] => [
  [`disc-${mounting}`, `html=1;shape=mxgraph.pid2inst.discInst;mounting=${mounting};${row % 2 ? own : ''}`, 20, 20 + row * 110, 50, 50],
  [`shared-${mounting}`, `html=1;shape=mxgraph.pid2inst.sharedCont;mounting=${mounting};`, 90, 20 + row * 110, 50, 50],
  [`comp-${mounting}`, `html=1;shape=mxgraph.pid2inst.compFunc;mounting=${mounting};${row % 2 ? '' : own}`, 160, 20 + row * 110, 60, 50],
  [`plc-${mounting}`, `html=1;shape=mxgraph.pid2inst.progLogCont;mounting=${mounting};`, 240, 20 + row * 110, 50, 50],
  [`logic-${mounting}`, `html=1;shape=mxgraph.pid2inst.logic;mounting=${mounting};`, 310, 20 + row * 110, 50, 50],
  [`indicator-${['inst', 'ctrl', 'func', 'plc'][row]}`, `html=1;shape=mxgraph.pid2inst.indicator;indType=${['inst', 'ctrl', 'func', 'plc'][row]};mounting=${mounting};`, 380, 20 + row * 110, 50, 100],
  [`fan-${row}`, `html=1;shape=mxgraph.pid2misc.fan;fanType=${['common', 'axial', 'radial', 'common'][row]};${row === 3 ? own : ''}`, 450, 20 + row * 110, 80, 80],
]).concat(
  ['common', 'tray', 'fixed', 'fluid', 'baffle', 'valve', 'bubble', 'nozzle'].map(
    (type, i): Vertex => [`column-${type}`, `html=1;shape=mxgraph.pid2misc.column;columnType=${type};${i % 3 === 2 ? own : ''}`, 560 + i * 70, 20, 50, type === 'fixed' || type === 'nozzle' ? 180 : 120],
  ),
  [
    ['conveyor', 'html=1;shape=mxgraph.pid2misc.conveyor;', 560, 240, 200, 50],
    ['conveyor-own', `html=1;shape=mxgraph.pid2misc.conveyor;${own}`, 780, 240, 160, 30],
    ['auto-recirc', 'verticalLabelPosition=bottom;align=center;html=1;verticalAlign=top;pointerEvents=1;dashed=0;shape=mxgraph.pid2valves.autoRecircValve', 560, 320, 100, 60],
    ['auto-recirc-own', `html=1;shape=mxgraph.pid2valves.autoRecircValve;${own}`, 680, 320, 80, 80],
  ],
);

/** Cisco 19's palette style for its framed icons (Sidebar-Cisco19.js, without its connection points). */
const CISCO19 = 'verticalLabelPosition=bottom;html=1;verticalAlign=top;aspect=fixed;align=center;pointerEvents=1;shape=mxgraph.cisco19.rect';

/** GCP 2's palette style for its hexagon icons (Sidebar-GCP2.js). */
const GCP2_HEX = 'html=1;fillColor=#5184F3;strokeColor=none;verticalAlign=top;labelPosition=center;verticalLabelPosition=bottom;align=center;spacingTop=-6;fontSize=11;fontStyle=1;fontColor=#999999;shape=mxgraph.gcp2.hexIcon;';

/** Cisco SAFE's palette style for its composite icons (Sidebar-CiscoSafe.js, without its connection points). */
const SAFE = 'verticalLabelPosition=bottom;html=1;strokeColor=#ffffff;verticalAlign=top;align=center;pointerEvents=1;shape=mxgraph.cisco_safe.compositeIcon;';

/** Kubernetes' palette style for its icons (Sidebar-Kubernetes.js, without its connection points). */
const KUBE = 'html=1;dashed=0;whitespace=wrap;fillColor=#2875E2;strokeColor=#ffffff;shape=mxgraph.kubernetes.icon;';

/** Jira's issue card in the Atlassian palette's style (Sidebar-Atlassian.js). */
const JIRA = 'html=1;shadow=0;dashed=0;shape=mxgraph.atlassian.issue;verticalAlign=top;align=left;whiteSpace=wrap;overflow=hidden;spacingTop=25;strokeColor=#A8ADB0;fillColor=#EEEEEE;fontSize=12;';

const SINGLES: readonly Vertex[] = [
  ['double-rect', 'html=1;shape=mxgraph.gcp2.doubleRect;strokeColor=#dddddd;shadow=0;', 20, 20, 100, 60],
  ['double-rect-own', `html=1;shape=mxgraph.gcp2.doubleRect;${own}`, 140, 20, 120, 80],
  ['document2', 'html=1;shape=mxgraph.flowchart.document2;whiteSpace=wrap;size=0.25;', 280, 20, 100, 60],
  ['document2-own', `html=1;shape=mxgraph.flowchart.document2;whiteSpace=wrap;${own}`, 400, 20, 100, 80],
  ['ibm-box', 'shape=mxgraph.ibm.box;prType=cloud;fontStyle=0;verticalAlign=top;align=left;spacingLeft=32;spacingTop=4;fillColor=none;rounded=0;whiteSpace=wrap;html=1;strokeColor=#4376BB;strokeWidth=2;', 20, 130, 200, 120],
  ['ibm-box-vpc', 'shape=mxgraph.ibm.box;prType=vpc;fillColor=#ffffff;strokeColor=#4376BB;html=1;', 240, 130, 160, 100],
  ['ibm-box-plain', 'shape=mxgraph.ibm.box;html=1;', 420, 130, 100, 60],
  ['aws-group2', 'shape=mxgraph.aws4.group2;grIcon=mxgraph.aws4.group_aws_cloud;strokeColor=#232F3E;fillColor=none;verticalAlign=top;align=left;spacingLeft=30;html=1;', 20, 280, 200, 120],
  ['aws-group2-vpc', 'shape=mxgraph.aws4.group2;grIcon=mxgraph.aws4.group_vpc;strokeColor=#248814;fillColor=#f2f6e8;html=1;', 240, 280, 160, 100],
  ['aws-group2-plain', 'shape=mxgraph.aws4.group2;html=1;', 420, 280, 100, 60],
  ['cisco19-l2-switch', `${CISCO19};prIcon=l2_switch;fillColor=#FAFAFA;strokeColor=#005073;`, 20, 430, 64, 64],
  ['cisco19-l2-modular', `${CISCO19};prIcon=l2_modular;fillColor=#FAFAFA;strokeColor=#005073;`, 110, 430, 64, 64],
  ['cisco19-router', `${CISCO19};prIcon=router;fillColor=#005073;strokeColor=#ffffff;`, 200, 430, 64, 64],
  ['cisco19-firewall', `${CISCO19};prIcon=firewall;fillColor=#FAFAFA;strokeColor=#005073;`, 290, 430, 64, 50],
  ['cisco19-wireless-router', `${CISCO19};prIcon=wireless_router;fillColor=#005073;strokeColor=#ffffff;`, 380, 430, 64, 77],
  ['cisco19-plain', 'shape=mxgraph.cisco19.rect;html=1;', 470, 430, 64, 64],
  ['gcp2-hex', `${GCP2_HEX}prIcon=bigquery;`, 20, 540, 66, 58.5],
  ['gcp2-hex-dynamic', `${GCP2_HEX}prIcon=compute_engine;prType=dynamic;`, 100, 540, 66, 58.5],
  ['gcp2-hex-multiple', `${GCP2_HEX}prIcon=cloud_storage;prType=multiple;instNum=3;`, 180, 540, 66, 58.5],
  ['gcp2-hex-shared', `${GCP2_HEX}prIcon=compute_engine;prType=shared;`, 260, 540, 66, 58.5],
  ['gcp2-hex-replica', `${GCP2_HEX}prIcon=cloud_sql;prType=replica;`, 340, 540, 66, 58.5],
  ['gcp2-hex-dynamic2', `${GCP2_HEX}prIcon=compute_engine;prType=dynamic2;`, 420, 540, 66, 58.5],
  ['gcp2-hex-highmem', `${GCP2_HEX}prIcon=compute_engine;prType=highmem;`, 20, 620, 66, 58.5],
  ['gcp2-hex-backend', `${GCP2_HEX}prIcon=compute_engine;prType=backend;`, 100, 620, 66, 58.5],
  ['gcp2-hex-plain', 'shape=mxgraph.gcp2.hexIcon;html=1;', 180, 620, 66, 58.5],
  ['safe-appliance', `fillColor=#6ABD46;${SAFE}bgIcon=mxgraph.cisco_safe.architecture.generic_appliance;resIcon=mxgraph.cisco_safe.architecture.switch;`, 260, 620, 50, 50],
  ['safe-ellipse', `fillColor=#28A8E0;${SAFE}bgIcon=ellipse;resIcon=mxgraph.cisco_safe.capability.anomaly_detection;`, 330, 620, 50, 50],
  ['safe-threat1', `fillColor=#F06650;${SAFE}bgIcon=threat1;resIcon=mxgraph.cisco_safe.threat.threat_a1;`, 400, 620, 49, 50],
  ['jira-story', `${JIRA}issueType=story;issuePriority=blocker;issueStatus=inProgress;`, 20, 830, 200, 50],
  ['jira-bug', `${JIRA}issueType=bug;issuePriority=critical;issueStatus=done;`, 240, 830, 200, 50],
  ['jira-plain', 'shape=mxgraph.atlassian.issue;html=1;', 460, 830, 160, 50],
  ['kube-pod', `${KUBE}prIcon=pod`, 20, 700, 50, 48],
  ['kube-api', `${KUBE}prIcon=api`, 90, 700, 50, 48],
  ['kube-deploy-big', `${KUBE}prIcon=deploy`, 160, 700, 100, 96],
  ['kube-frame', `${KUBE}`, 280, 700, 50, 48],
  ['safe-threat3', `fillColor=#F06650;${SAFE}bgIcon=threat3;resIcon=mxgraph.cisco_safe.threat.threat_a3;`, 470, 620, 49, 50],
];

type Edge = readonly [id: string, style: string, ends: string];

const EDGES: readonly Edge[] = [
  ['flex', 'shape=flexArrow;html=1;', '<mxPoint x="20" y="20" as="sourcePoint"/><mxPoint x="220" y="20" as="targetPoint"/>'],
  [
    'flex-own',
    'shape=flexArrow;html=1;endArrow=classic;startArrow=classic;rounded=1;width=16;endWidth=30;startWidth=10;endSize=8;fillColor=#dae8fc;strokeColor=#6c8ebf;',
    '<mxPoint x="260" y="30" as="sourcePoint"/><mxPoint x="460" y="130" as="targetPoint"/><Array as="points"><mxPoint x="360" y="30"/><mxPoint x="360" y="130"/></Array>',
  ],
  ['flex-square', 'shape=flexArrow;html=1;endArrow=none;rounded=0;', '<mxPoint x="500" y="20" as="sourcePoint"/><mxPoint x="700" y="20" as="targetPoint"/><Array as="points"><mxPoint x="600" y="70"/></Array>'],
  ['flex-dashed', 'shape=flexArrow;html=1;dashed=1;strokeWidth=2;fillColor=#fff2cc;strokeColor=#d6b656;', '<mxPoint x="20" y="80" as="sourcePoint"/><mxPoint x="200" y="180" as="targetPoint"/>'],
  ['link', 'shape=link;html=1;', '<mxPoint x="20" y="220" as="sourcePoint"/><mxPoint x="220" y="220" as="targetPoint"/><Array as="points"><mxPoint x="120" y="260"/></Array>'],
  ['link-own', 'shape=link;html=1;width=8;strokeColor=#b85450;rounded=0;', '<mxPoint x="260" y="200" as="sourcePoint"/><mxPoint x="460" y="200" as="targetPoint"/>'],
  ['arrow', 'shape=arrow;html=1;', '<mxPoint x="500" y="120" as="sourcePoint"/><mxPoint x="700" y="120" as="targetPoint"/>'],
  ['arrow-own', `shape=arrow;html=1;${own}`, '<mxPoint x="500" y="160" as="sourcePoint"/><mxPoint x="680" y="250" as="targetPoint"/>'],
  ['connector', 'shape=arrowConnector;html=1;', '<mxPoint x="720" y="20" as="sourcePoint"/><mxPoint x="720" y="220" as="targetPoint"/>'],
  ['comm', 'shape=mxgraph.networks.comm_link_edge;html=1;', '<mxPoint x="760" y="40" as="sourcePoint"/><mxPoint x="900" y="200" as="targetPoint"/>'],
  ['comm-own', 'shape=mxgraph.networks.comm_link_edge;html=1;fillColor=#60a917;strokeColor=#2D7600;', '<mxPoint x="760" y="260" as="sourcePoint"/><mxPoint x="960" y="260" as="targetPoint"/>'],
  ['between', 'shape=flexArrow;html=1;fillColor=#f8cecc;strokeColor=#b85450;', 'source="from" target="to"'],
  ['between-bent', 'shape=flexArrow;html=1;edgeStyle=orthogonalEdgeStyle;', 'source="to" target="to2"'],
  ['link-between', 'shape=link;html=1;', 'source="from" target="to2"'],
  ['pipe', 'shape=filledEdge;rounded=0;fixDash=1;endArrow=none;strokeWidth=10;fillColor=#ffffff;edgeStyle=orthogonalEdgeStyle;html=1;', '<mxPoint x="620" y="320" as="sourcePoint"/><mxPoint x="960" y="420" as="targetPoint"/>'],
  ['pipe-dashed', 'shape=filledEdge;rounded=0;endArrow=none;strokeWidth=6;dashed=1;fillColor=#dae8fc;strokeColor=#6c8ebf;html=1;', '<mxPoint x="620" y="450" as="sourcePoint"/><mxPoint x="960" y="450" as="targetPoint"/>'],
  ['pipe-thin', 'shape=filledEdge;endArrow=none;strokeWidth=2;fillColor=#ff0000;html=1;', '<mxPoint x="380" y="460" as="sourcePoint"/><mxPoint x="580" y="460" as="targetPoint"/>'],
  // A filledEdge's heads are drawn twice too: outlined again in the fill colour, 2 px narrower.
  ['pipe-heads', 'shape=filledEdge;endArrow=classic;startArrow=oval;strokeWidth=6;fillColor=#dae8fc;strokeColor=#6c8ebf;html=1;', '<mxPoint x="40" y="660" as="sourcePoint"/><mxPoint x="320" y="660" as="targetPoint"/>'],
  ['pipe-open-heads', 'shape=filledEdge;endArrow=block;endFill=0;startArrow=diamond;strokeWidth=8;endSize=10;fillColor=#ffe6cc;strokeColor=#d79b00;html=1;', '<mxPoint x="380" y="680" as="sourcePoint"/><mxPoint x="680" y="640" as="targetPoint"/>'],
  ['lean-manual', 'shape=mxgraph.lean_mapping.manual_info_flow_edge;html=1;', '<mxPoint x="20" y="520" as="sourcePoint"/><mxPoint x="220" y="520" as="targetPoint"/>'],
  ['lean-manual-own', 'shape=mxgraph.lean_mapping.manual_info_flow_edge;html=1;strokeColor=#b85450;strokeWidth=2;', '<mxPoint x="260" y="500" as="sourcePoint"/><mxPoint x="440" y="600" as="targetPoint"/>'],
  ['lean-electronic', 'shape=mxgraph.lean_mapping.electronic_info_flow_edge;html=1;', '<mxPoint x="480" y="520" as="sourcePoint"/><mxPoint x="680" y="520" as="targetPoint"/>'],
  ['lean-electronic-own', 'shape=mxgraph.lean_mapping.electronic_info_flow_edge;html=1;strokeColor=#6c8ebf;fillColor=#dae8fc;', '<mxPoint x="720" y="600" as="sourcePoint"/><mxPoint x="960" y="500" as="targetPoint"/>'],
];

function vertexXml([id, style, x, y, w, h]: Vertex): string {
  return `<mxCell id="${id}" value="" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
}

function edgeXml([id, style, ends]: Edge): string {
  const attached = ends.startsWith('source=');
  return `<mxCell id="${id}" value="" style="${style}" edge="1" parent="1"${attached ? ` ${ends}` : ''}><mxGeometry relative="1" as="geometry">${attached ? '' : ends}</mxGeometry></mxCell>`;
}

function pageXml(name: string, cells: readonly string[]): string {
  return `<diagram id="${name.toLowerCase()}" name="${name}"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram>`;
}

export const CORE_SHAPES_MADE_HERE_XML = `<mxfile>${pageXml('Shapes', SHAPES.map(vertexXml))}${pageXml('Electrical', ELECTRICAL.map(vertexXml))}${pageXml('P&amp;ID', PID.map(vertexXml))}${pageXml('Singles', SINGLES.map(vertexXml))}${pageXml('Edges', [...EDGE_SHAPES.map(vertexXml), ...EDGES.map(edgeXml)])}</mxfile>`;
