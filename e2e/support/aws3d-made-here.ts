/**
 * Made here for the viewer comparison: every shape of diagrams.net's AWS 3D palette (mxAWS3D.js) at
 * its palette size and in its palette colours (the data centre and data server name no fill), and a
 * page of variants: flipped (the shades trade sides), turned, wider lines, other shadingCols, no
 * colours of their own, stretched out of their proportions, and two with shadow=1. The AMI (like 14
 * other icons) turns the canvas shadow on for its outline: the 14.6 viewer adds a hard grey copy of
 * it under the soft shadow the comparison injects (98 % alike), which diagrams.net today no longer
 * draws (its mxSvgCanvas2D.addNode makes no createShadow copy; the node's drop-shadow is all).
 */
export const AWS3D_MADE_HERE = 'aws3d-shapes.drawio';

type Cell = readonly [id: string, style: string, x: number, y: number, w: number, h: number];

const base = 'verticalLabelPosition=bottom;html=1;verticalAlign=top;strokeWidth=1;align=center;outlineConnect=0;dashed=0;aspect=fixed;shape=mxgraph.aws3d.';

/** Each shape's name, palette colours and size (the web server, not in the palette, at the size its lines were drawn for). */
const PALETTE: ReadonlyArray<readonly [name: string, colours: string, w: number, h: number]> = [
  ['ami', 'fillColor=#E8CA45;strokeColor=#FFF215;', 92, 60],
  ['ami2', 'fillColor=#FF9900;strokeColor=#ffffff;', 74, 50],
  ['application', 'fillColor=#4286c5;strokeColor=#57A2D8;', 62, 68.8],
  ['application2', 'fillColor=#86E83A;strokeColor=#B0F373;', 62, 53],
  ['application_server', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 124],
  ['cloudfront', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 103.8, 169.8],
  ['customerGateway', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 116.7, 102.8],
  ['dataCenter', 'strokeColor=#5E5E5E;', 123, 142],
  ['dataServer', 'strokeColor=#5E5E5E;', 123, 106],
  ['decider', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 74, 50],
  ['dynamoDb', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 181.5, 210],
  ['ebs', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 92, 60],
  ['ebs2', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 92, 60],
  ['elasticBeanstalk', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 182, 140],
  ['elasticLoadBalancing', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 92, 88.2],
  ['elasticMapReduce', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 133],
  ['email_service', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 151, 192],
  ['glacier', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 181, 192],
  ['internetGateway', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 116.7, 102.8],
  ['lambda', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 92, 109.5],
  ['oracleDataCenter', 'fillColor=#ffffff;strokeColor=#5E5E5E;', 123, 142],
  ['oracleDbServer', 'fillColor=#ffffff;strokeColor=#5E5E5E;', 123, 133],
  ['oracleServer', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 142],
  ['rds', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 133],
  ['rdsMaster', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 133],
  ['rdsSlave', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 133],
  ['redshift', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 150, 190],
  ['route53', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 117.2, 134.4],
  ['s3', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 231.5, 239],
  ['s3Bucket', 'fillColor=#4286c5;strokeColor=#57A2D8;', 61.5, 63.8],
  ['searchEngine', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 180, 192],
  ['secureConnection', 'fillColor=#000000;strokeColor=#ffffff;', 57, 34],
  ['securityTokenService', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 180, 192],
  ['simpleDb', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 133],
  ['simpleDb2', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 181.5, 192.6],
  ['snapshot', 'fillColor=#4286c5;strokeColor=#57A2D8;', 92, 60],
  ['instance', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 97],
  ['sqs', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 184, 212.8],
  ['vpcGateway', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 116.7, 102.8],
  ['worker', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 74, 50],
  ['workflowService', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 182.2, 148.4],
  ['arrowNE', 'fillColor=#000000;', 45.5, 26],
  ['arrowSE', 'fillColor=#000000;', 45.5, 26],
  ['arrowSW', 'fillColor=#000000;', 45.5, 26],
  ['arrowNW', 'fillColor=#000000;', 45.5, 26],
  ['arrowlessNE', 'fillColor=#000000;', 31.6, 18],
  ['dashedEdgeDouble', 'fillColor=#000000;', 31.6, 18],
  ['dashedArrowlessEdge', 'fillColor=#000000;', 31.6, 18],
  ['dashedEdge', 'fillColor=#000000;', 31.6, 18],
  ['flatEdge', 'fillColor=#000000;', 63.2, 36],
  ['flatDoubleEdge', 'fillColor=#000000;', 252.8, 144],
  ['webServer', 'fillColor=#ECECEC;strokeColor=#5E5E5E;', 123, 106],
];

/** Cells set out left to right in rows `width` wide, `gap` apart. */
function rowsOf(cells: ReadonlyArray<readonly [id: string, style: string, w: number, h: number]>, width: number, gap: number): Cell[] {
  const placed: Cell[] = [];
  let x = gap;
  let y = gap;
  let rowHeight = 0;
  for (const [id, style, w, h] of cells) {
    if (x + w > width) {
      x = gap;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    placed.push([id, style, x, y, w, h]);
    x += w + gap;
    rowHeight = Math.max(rowHeight, h);
  }
  return placed;
}

const palette = (name: string) => PALETTE.find(([n]) => n === name) ?? PALETTE[0];

const PALETTE_CELLS = rowsOf(
  PALETTE.map(([name, colours, w, h]) => [name, `${base}${name};${colours}`, w, h]),
  1200,
  30,
);

/** A shape in its palette colours with `extra` style, at `scale` times its palette size (`stretch` more in width). */
function variant(id: string, name: string, extra: string, scale = 1, stretch = 1): readonly [string, string, number, number] {
  const [, colours, w, h] = palette(name);
  return [id, `${base}${name};${colours}${extra}`, Math.round(w * scale * stretch), Math.round(h * scale)];
}

const VARIANT_CELLS = rowsOf(
  [
    variant('ami-flipped', 'ami', 'flipH=1;'),
    variant('application-flipped', 'application', 'flipH=1;'),
    variant('rds-flipped', 'rds', 'flipH=1;'),
    variant('sqs-flipped-v', 'sqs', 'flipV=1;', 0.6),
    variant('instance-south', 'instance', 'direction=south;'),
    variant('s3-rotated', 's3', 'rotation=30;', 0.6),
    variant('dynamo-wide-lines', 'dynamoDb', 'strokeWidth=3;', 0.7),
    variant('glacier-shading', 'glacier', 'shadingCols=0.3,0.6;', 0.7),
    variant('worker-shading-flipped', 'worker', 'shadingCols=0.05,0.5;flipH=1;', 1.5),
    variant('beanstalk-stretched', 'elasticBeanstalk', '', 0.8, 1.5),
    variant('lambda-tall', 'lambda', '', 1.2, 0.7),
    variant('oracle-server-big', 'oracleServer', '', 1.3),
    variant('ami-shadow', 'ami', 'shadow=1;'),
    variant('rds-master-shadow', 'rdsMaster', 'shadow=1;', 0.8),
    ['simpledb2-plain', `${base}simpleDb2;`, 120, 127],
    ['sqs-plain', `${base}sqs;`, 120, 139],
    ['redshift-plain', `${base}redshift;`, 100, 127],
    ['route53-plain', `${base}route53;`, 117, 134],
    ['workflow-coloured', `${base}workflowService;fillColor=#dae8fc;strokeColor=#6c8ebf;`, 182, 148],
    ['secure-coloured', `${base}secureConnection;fillColor=#60a917;strokeColor=#ffff88;`, 114, 68],
    variant('arrow-ne-big', 'arrowNE', 'fillColor=#AE4132;strokeColor=#333333;', 2),
    variant('arrow-sw-plain', 'arrowSW', 'fillColor=none;', 2),
    variant('arrowless-long', 'arrowlessNE', '', 4),
    variant('dashed-double-long', 'dashedEdgeDouble', '', 4),
    variant('dashed-long', 'dashedEdge', 'dashPattern=1 2;', 4),
    variant('flat-long', 'flatEdge', '', 3),
    variant('flat-double-flipped', 'flatDoubleEdge', 'flipH=1;', 0.8),
  ],
  1200,
  30,
);

function fileOf(name: string, cells: readonly Cell[]): string {
  const xml = cells.map(
    ([id, style, x, y, w, h]) => `<mxCell id="${id}" value="" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`,
  );
  return `<diagram id="${name.toLowerCase().replace(/\W+/g, '-')}" name="${name}"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${xml.join('')}</root></mxGraphModel></diagram>`;
}

export const AWS3D_MADE_HERE_XML = `<mxfile>${fileOf('AWS 3D', PALETTE_CELLS)}${fileOf('AWS 3D variants', VARIANT_CELLS)}</mxfile>`;
