/**
 * Files made here for the comparison with diagrams.net's viewer (drawio-viewer-compare): the
 * features the corpus uses, used otherwise (other sizes, turns, flips, colours, places).
 */

/** A .drawio file of one page holding `cells` (mxCell elements) on its default layer. */
function onePageFile(id: string, name: string, cells: string[]): string {
  return `<mxfile><diagram id="${id}" name="${name}"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
}

/**
 * Made here: stencils of four libraries at sizes, turns and flips the corpus does not use, at
 * half-pixel places, an AWS resource icon, shapes inside a container (relative to it), cells
 * placed by their parent's size (an icon on a card, a port on the container's side), a label
 * cell the file gives no size, UML participants (lifelines with an actor's and a boundary's head), and
 * cells painted in the file's order (an edge over a filled box written before it), plain boxes and
 * ellipses of odd and even stroke widths, an invisible group and a label that fills its box, and
 * rich labels of paragraphs, rules and list items broken onto a second line, and shadows on a stencil, a
 * swimlane, an edge, an ellipse of the style's own shadow colour, offset, blur and opacity, and
 * labels (textShadow=1), and a block whose overflow=fill label has compartments, with flows between
 * its parts in its stroke (strokeColor=inherit) and a left-aligned end name.
 */
export const MADE_HERE = 'library-mix.drawio';
/** Text as an XML attribute's value. */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const MADE_HERE_XML = (() => {
  const cell = (id: string, style: string, [x, y, w, h]: number[], parent = '1') =>
    `<mxCell id="${id}" value="${id}" style="${style}verticalLabelPosition=bottom;verticalAlign=top;html=1;" vertex="1" parent="${parent}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
  const cells = [
    cell('router', 'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;', [20.5, 20.5, 90, 60]),
    cell('turned', 'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;direction=south;', [160, 20, 50, 80]),
    cell('pod', 'shape=mxgraph.kubernetes.pod;fillColor=#2875E2;strokeColor=#ffffff;', [260, 20, 60, 58]),
    cell('lambda', 'shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;fillColor=#ED7100;strokeColor=#ffffff;', [380, 20, 64, 64]),
    cell('bulb', 'shape=mxgraph.aws4.lightbulb;fillColor=#3F8624;strokeColor=none;flipH=1;', [500.5, 20, 40, 60]),
    cell('vm', 'shape=mxgraph.azure.virtual_machine;fillColor=#00BCF2;strokeColor=none;', [20, 160, 100, 70]),
    '<mxCell id="box" value="Rack" style="rounded=0;whiteSpace=wrap;html=1;container=1;verticalAlign=top;" vertex="1" parent="1"><mxGeometry x="200" y="150" width="300" height="160" as="geometry"/></mxCell>',
    cell('inner-switch', 'shape=mxgraph.cisco.switches.workgroup_switch;fillColor=#036897;strokeColor=#ffffff;', [20, 40, 64, 32], 'box'),
    cell('inner-server', 'shape=mxgraph.cisco.servers.fileserver;fillColor=#005073;strokeColor=#ffffff;', [160.5, 30, 43, 62], 'box'),
    '<mxCell id="card" value="" style="rounded=1;whiteSpace=wrap;html=1;strokeColor=#dddddd;" vertex="1" parent="1"><mxGeometry x="600" y="150" width="80" height="80" as="geometry"/></mxCell>',
    '<mxCell id="card-icon" value="" style="shape=mxgraph.gcp2.users;fillColor=#757575;strokeColor=none;html=1;part=1;" vertex="1" parent="card"><mxGeometry x="0.5" y="0.25" width="40" height="25" relative="1" as="geometry"><mxPoint x="-20" y="-5" as="offset"/></mxGeometry></mxCell>',
    '<mxCell id="box-port" value="" style="rounded=0;html=1;fillColor=#333333;" vertex="1" parent="box"><mxGeometry x="1" y="0.5" width="16" height="16" relative="1" as="geometry"><mxPoint x="-8" y="-8" as="offset"/></mxGeometry></mxCell>',
    '<mxCell id="unsized" value="no size" style="text;html=1;labelPosition=right;align=left;" vertex="1" parent="1"><mxGeometry x="600" y="260" as="geometry"/></mxCell>',
    '<mxCell id="user" value="User" style="shape=umlLifeline;participant=umlActor;perimeter=lifelinePerimeter;whiteSpace=wrap;html=1;container=1;collapsible=0;recursiveResize=0;verticalAlign=top;spacingTop=36;outlineConnect=0;" vertex="1" parent="1"><mxGeometry x="40" y="340" width="20" height="200" as="geometry"/></mxCell>',
    '<mxCell id="screen" value="Screen" style="shape=umlLifeline;participant=umlBoundary;perimeter=lifelinePerimeter;whiteSpace=wrap;html=1;container=1;collapsible=0;recursiveResize=0;verticalAlign=top;spacingTop=36;outlineConnect=0;" vertex="1" parent="1"><mxGeometry x="160" y="340" width="50" height="200" as="geometry"/></mxCell>',
    '<mxCell id="logic" value="" style="shape=umlControl;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="340" width="40" height="48" as="geometry"/></mxCell>',
    '<mxCell id="store" value="" style="shape=umlEntity;html=1;" vertex="1" parent="1"><mxGeometry x="400" y="340" width="40" height="40" as="geometry"/></mxCell>',
    // Painted in the file's order: a filled box written first lies under the edge and shapes after it;
    // plain boxes and ellipses of odd and even stroke widths; an invisible group; a label that fills its box.
    '<mxCell id="backdrop" value="" style="rounded=0;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="20" y="580" width="260" height="80" as="geometry"/></mxCell>',
    '<mxCell id="ball" value="A" style="ellipse;whiteSpace=wrap;html=1;strokeWidth=2;" vertex="1" parent="1"><mxGeometry x="40" y="600" width="40" height="40" as="geometry"/></mxCell>',
    '<mxCell id="link" style="endArrow=classic;html=1;" edge="1" parent="1" source="ball" target="block"><mxGeometry relative="1" as="geometry"/></mxCell>',
    '<mxCell id="block" value="B" style="rounded=1;whiteSpace=wrap;html=1;strokeWidth=3;" vertex="1" parent="1"><mxGeometry x="200" y="600" width="60" height="40" as="geometry"/></mxCell>',
    '<mxCell id="pair" value="" style="group" vertex="1" connectable="0" parent="1"><mxGeometry x="320" y="580" width="140" height="60" as="geometry"/></mxCell>',
    '<mxCell id="pair-box" value="grouped" style="rounded=0;whiteSpace=wrap;html=1;dashed=1;" vertex="1" parent="pair"><mxGeometry width="60" height="60" as="geometry"/></mxCell>',
    '<mxCell id="pair-ball" value="" style="ellipse;html=1;fillColor=#f8cecc;" vertex="1" parent="pair"><mxGeometry x="80" y="10" width="60" height="40" as="geometry"/></mxCell>',
    '<mxCell id="sheet" value="&lt;p style=&quot;margin:0px;margin-left:8px;&quot;&gt;&lt;b&gt;Sheet&lt;/b&gt; notes&lt;/p&gt;" style="html=1;overflow=fill;whiteSpace=wrap;strokeWidth=0;verticalAlign=middle;align=left;" vertex="1" parent="1"><mxGeometry x="500" y="580" width="160" height="70" as="geometry"/></mxCell>',
    // Rich labels with blocks: a UML class (paragraphs of its own margins, a rule of size 1), paragraphs with
    // the browser's margins around a default rule, and a list whose item breaks onto a second line.
    `<mxCell id="class" value="${escapeXml('<p style="margin:0px;margin-top:4px;text-align:center;"><b>Order</b></p><hr size="1"/><p style="margin:0px;margin-left:4px;">+ id: int<br>+ total: float</p><hr size="1"/><p style="margin:0px;margin-left:4px;">+ pay(): void</p>')}" style="verticalAlign=top;align=left;overflow=fill;fontSize=12;fontFamily=Helvetica;html=1;whiteSpace=wrap;" vertex="1" parent="1"><mxGeometry x="20" y="700" width="160" height="110" as="geometry"/></mxCell>`,
    `<mxCell id="paras" value="${escapeXml('<p>First paragraph</p><hr><p style="text-align:right">Second, <i>right</i></p>')}" style="rounded=0;whiteSpace=wrap;html=1;align=left;verticalAlign=top;" vertex="1" parent="1"><mxGeometry x="220" y="700" width="180" height="130" as="geometry"/></mxCell>`,
    `<mxCell id="items" value="${escapeXml('Checklist<ul><li>pack<br>the bags</li><li>go<ul><li>by <b>train</b><br>or bus</li></ul></li></ul>')}" style="text;html=1;align=left;verticalAlign=top;whiteSpace=wrap;" vertex="1" parent="1"><mxGeometry x="440" y="700" width="200" height="130" as="geometry"/></mxCell>`,
    // Shadows (shadow=1) on every kind of cell, as diagrams.net draws them today: a stencil, a swimlane, an
    // edge with its arrowhead, an ellipse in the style's own colour, offset, blur and opacity.
    cell('shade-router', 'shape=mxgraph.cisco.routers.router;fillColor=#036897;strokeColor=#ffffff;shadow=1;', [20, 880, 90, 60]),
    '<mxCell id="shade-lane" value="Lane" style="swimlane;html=1;startSize=24;shadow=1;" vertex="1" parent="1"><mxGeometry x="160" y="860" width="160" height="100" as="geometry"/></mxCell>',
    '<mxCell id="shade-ball" value="" style="ellipse;html=1;shadow=1;shadowColor=#6C8EBF;shadowOffsetX=6;shadowOffsetY=-4;shadowBlur=4;shadowOpacity=60;" vertex="1" parent="1"><mxGeometry x="380" y="880" width="60" height="60" as="geometry"/></mxCell>',
    '<mxCell id="shade-line" style="endArrow=block;endFill=1;html=1;shadow=1;strokeWidth=2;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="480" y="910" as="sourcePoint"/><mxPoint x="640" y="910" as="targetPoint"/></mxGeometry></mxCell>',
    // A label casts a shadow only with textShadow=1, its shape's figure only with shadow=1.
    '<mxCell id="shade-text" value="Shaded words" style="text;html=1;textShadow=1;fontSize=16;fontStyle=1;" vertex="1" parent="1"><mxGeometry x="20" y="980" width="140" height="30" as="geometry"/></mxCell>',
    '<mxCell id="shade-both" value="Both" style="rounded=1;whiteSpace=wrap;html=1;shadow=1;textShadow=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="200" y="970" width="100" height="50" as="geometry"/></mxCell>',
    // A block with members whose overflow=fill label has compartments (rules full width, a paragraph set left), flows between
    // its parts drawn in its stroke (strokeColor=inherit), and a flow whose end name is left-aligned past its source.
    `<mxCell id="sysblock" value="${escapeXml('<p style="margin:0px;text-align:center;"><b>Block</b></p><hr><p style="margin:0px;margin-left:4px;text-align:left;">part a<br>part b</p><hr>')}" style="shape=rect;html=1;overflow=fill;whiteSpace=wrap;strokeColor=#b85450;recursiveResize=0;" vertex="1" parent="1"><mxGeometry x="340" y="960" width="300" height="160" as="geometry"/></mxCell>`,
    '<mxCell id="part-a" value="A" style="html=1;whiteSpace=wrap;" vertex="1" parent="sysblock"><mxGeometry x="20" y="90" width="60" height="50" as="geometry"/></mxCell>',
    '<mxCell id="part-b" value="B" style="html=1;whiteSpace=wrap;" vertex="1" parent="sysblock"><mxGeometry x="220" y="90" width="60" height="50" as="geometry"/></mxCell>',
    '<mxCell id="flow-top" value="upper" style="strokeColor=inherit;edgeStyle=none;html=1;verticalAlign=bottom;endArrow=none;exitX=1;exitY=0.25;entryX=0;entryY=0.25;labelBackgroundColor=none;" edge="1" parent="sysblock" source="part-a" target="part-b"><mxGeometry relative="1" as="geometry"/></mxCell>',
    '<mxCell id="flow-low" value="" style="strokeColor=inherit;edgeStyle=none;html=1;endArrow=block;exitX=1;exitY=0.75;entryX=0;entryY=0.75;" edge="1" parent="sysblock" source="part-a" target="part-b"><mxGeometry relative="1" as="geometry"/></mxCell>',
    '<mxCell id="flow-name" value="out" style="resizable=0;html=1;align=left;spacingLeft=5;verticalAlign=bottom;labelPosition=left;verticalLabelPosition=bottom;labelBackgroundColor=none;fontSize=10" connectable="0" vertex="1" parent="flow-low"><mxGeometry x="-1" relative="1" as="geometry"/></mxCell>',
  ];
  return onePageFile('mix', 'Libraries', cells);
})();
/**
 * Made here: BPMN shapes diagrams.net draws in code (mxBpmnShape2.js) in each outline with each
 * symbol, gateways of each kind, and tasks with their markers (several stencils in one task), none
 * of which the corpus uses.
 */
export const BPMN_MADE_HERE = 'bpmn-shapes.drawio';
export const BPMN_MADE_HERE_XML = (() => {
  const cells: string[] = [];
  const add = (id: string, style: string, [x, y, w, h]: number[]) =>
    cells.push(`<mxCell id="${id}" value="" style="${style}html=1;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`);
  const outlines = ['standard', 'eventInt', 'eventNonint', 'catching', 'boundInt', 'boundNonint', 'throwing', 'end'];
  const symbols = ['general', 'message', 'timer', 'escalation', 'conditional', 'link', 'error', 'cancel', 'compensation', 'signal', 'multiple', 'parallelMultiple', 'terminate'];
  symbols.forEach((symbol, row) =>
    outlines.forEach((outline, column) => add(`${symbol}-${outline}`, `shape=mxgraph.bpmn.shape;perimeter=ellipsePerimeter;outline=${outline};symbol=${symbol};fillColor=#ffffff;strokeColor=#10739E;`, [20 + column * 60, 20 + row * 60, 40, 40])),
  );
  ['exclusiveGw', 'parallelGw', 'complexGw'].forEach((symbol, n) => add(`gw-${symbol}`, `shape=mxgraph.bpmn.shape;perimeter=rhombusPerimeter;background=gateway;outline=none;symbol=${symbol};`, [540, 20 + n * 70, 50, 50]));
  ['exclusive', 'parallel', 'complex'].forEach((type, n) => add(`gw2-${type}`, `shape=mxgraph.bpmn.gateway2;perimeter=rhombusPerimeter;gwType=${type};fillColor=#fff2cc;strokeColor=#d6b656;`, [620, 20 + n * 70, 50, 50]));
  add('gw2-event', 'shape=mxgraph.bpmn.gateway2;perimeter=rhombusPerimeter;outline=catching;symbol=multiple;', [620, 230, 50, 50]);
  add('event-end', 'shape=mxgraph.bpmn.event;outline=end;symbol=error;fillColor=#f8cecc;strokeColor=#b85450;', [540, 230, 40, 40]);
  add('task', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;rectStyle=rounded;size=10;taskMarker=send;isLoopMultiParallel=1;isLoopSub=1;', [520, 320, 120, 80]);
  add('transaction', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;rectStyle=rounded;size=10;bpmnShapeType=transaction;taskMarker=receive;isLoopMultiSeq=1;', [520, 420, 120, 80]);
  add('call', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;rectStyle=rounded;size=10;bpmnShapeType=call;outline=boundInt;symbol=timer;', [520, 520, 120, 80]);
  add('subprocess', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;bpmnShapeType=subprocess;taskMarker=abstract;', [520, 620, 120, 80]);
  add('user-task', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;rectStyle=rounded;size=10;taskMarker=user;', [520, 720, 120, 80]);
  // Several marker stencils in one task: its own marker and loop markers side by side.
  add('loop-comp', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;rectStyle=rounded;size=10;taskMarker=script;isLoopStandard=1;isLoopComp=1;isAdHoc=1;', [680, 320, 120, 80]);
  add('multi-comp', 'shape=mxgraph.bpmn.task;whiteSpace=wrap;taskMarker=service;isLoopMultiParallel=1;isLoopComp=1;fillColor=#dae8fc;strokeColor=#6c8ebf;', [680, 420, 120, 80]);
  return onePageFile('bpmn', 'BPMN', cells);
})();
/**
 * Made here: mockup shapes diagrams.net draws in code (mxMockup*.js), with the texts they draw
 * themselves, its markup shapes, controls with a position, splitters, a page control, step bars,
 * margin boxes, pins, sticky notes, link and charts, option groups, a list box, an alert box, breadcrumb, pagination,
 * ratings and bulleted lists, menu bars, tab bars of each tab style and accordions, link bars, mockup callouts,
 * text boxes, a captcha, an alphanumeric index, a status bar and calendars, video players, a group box and
 * colour pickers, spinners of each layout and button style, button bars, small icons, playback controls, volume
 * sliders, a mail icon, shopping carts, a placeholder picture, a cover flow, a map navigator, users, a
 * sign-in form, e-mail forms, a revision table, rulers, wedge bars, an icon grid, gauges and a Gantt chart;
 * diagrams.net's glass over a box, a rounded box,
 * a lane's header, a vertical lane's and the label shape; callouts facing each way, flipped, with
 * their labels; and sketched text cells, comic boxes and a Kanban column's header.
 */
export const MOCKUP_MADE_HERE = 'mockup-shapes.drawio';
export const MOCKUP_MADE_HERE_XML = (() => {
  const m = 'shadow=0;dashed=0;html=1;strokeWidth=1;shape=mxgraph.mockup.';
  const cells = [
    ['button', `${m}buttons.button;strokeColor=#666666;fontColor=#ffffff;mainText=Buy now;buttonStyle=round;textColor=#ffffff;fillColor=#008cff;`, 20, 20, 150, 50],
    ['chevron', `${m}buttons.button;strokeColor=#666666;mainText=;buttonStyle=chevron;fillColor=#e0e0e0;`, 200, 20, 150, 50],
    ['bar', `${m}rrect;rSize=10;fillColor=#ffffff;strokeColor=#666666;`, 20, 100, 375, 50],
    ['bar-left', `${m}leftButton;rSize=10;fillColor=#008cff;strokeColor=#008cff;`, 20, 100, 125, 50],
    ['bar-right', `${m}rightButton;rSize=10;fillColor=#ffffff;strokeColor=#666666;`, 270, 100, 125, 50],
    ['top', `${m}topButton;rSize=8;fillColor=#ffffff;strokeColor=#666666;`, 420, 20, 100, 40],
    ['bottom', `${m}bottomButton;rSize=8;fillColor=#ffffff;strokeColor=#666666;`, 420, 60, 100, 40],
    ['anchor', `${m}anchor;`, 420, 110, 100, 40],
    ['browser', `${m}containers.browserWindow;rSize=0;strokeColor=#666666;strokeColor2=#008cff;strokeColor3=#c4c4c4;mainText=https://example.org,Home;fillColor=#ffffff;`, 20, 180, 400, 240],
    ['window', `${m}containers.window;strokeColor=#666666;strokeColor2=#008cff;strokeColor3=#c4c4c4;fillColor=#ffffff;mainText=Settings;`, 450, 180, 260, 160],
    ['checkbox', `${m}forms.checkbox;strokeColor=#999999;fillColor=#ffffff;`, 20, 450, 15, 15],
    ['tab', `${m}forms.uRect;strokeColor=#666666;fillColor=#ffffff;`, 60, 450, 100, 30],
    ['search', `${m}forms.searchBox;strokeColor=#999999;strokeColor2=#008cff;fillColor=#ffffff;`, 180, 450, 150, 25],
    ['password', `${m}forms.pwField;strokeColor=#999999;fillColor=#ffffff;`, 350, 450, 150, 25],
    ['combo', `${m}forms.comboBox;strokeColor=#999999;fillColor=#ddeeff;fillColor2=#aaddff;mainText=Option 1;`, 520, 450, 150, 25],
    ['multi', `${m}buttons.multiButton;fillColor=#008cff;strokeColor=#666666;mainText=Sign up;subText=It is free;textColor=#ffffff;`, 550, 500, 150, 50],
    ['switch-on', `${m}buttons.onOffButton;gradientColor=none;strokeColor=#999999;fillColor=#ffffff;`, 550, 570, 150, 30],
    ['switch-off', `${m}buttons.onOffButton;gradientColor=none;strokeColor=#999999;fillColor=#ffffff;buttonState=off;`, 550, 620, 150, 30],
    ['glass-box', 'rounded=0;html=1;glass=1;fillColor=#dae8fc;strokeColor=#6c8ebf;strokeWidth=2;', 20, 500, 120, 60],
    ['glass-round', 'rounded=1;html=1;glass=1;fillColor=#f8cecc;strokeColor=#b85450;', 170, 500, 120, 60],
    ['glass-lane', 'swimlane;html=1;glass=1;startSize=30;fillColor=#d5e8d4;strokeColor=#82b366;', 320, 500, 200, 100],
    // The palette's markup shapes, controls with a position (one turned north), margin boxes and a link.
    ['brace', `${m}markup.curlyBrace;strokeColor=#999999;`, 20, 680, 100, 20],
    ['brace-up', `${m}markup.curlyBrace;strokeColor=#999999;direction=north;`, 130, 660, 20, 80],
    ['rule', `${m}markup.line;strokeColor=#999999;`, 170, 690, 100, 20],
    ['scratch', `${m}markup.scratchOut;strokeColor=#999999;strokeWidth=4;`, 290, 660, 80, 80],
    ['red-x', `${m}markup.redX;fillColor=#ff0000;strokeColor=none;`, 390, 660, 60, 80],
    ['progress', `${m}misc.progressBar;fillColor=#cccccc;strokeColor=none;fillColor2=#99ddff;barPos=60;`, 20, 760, 200, 20],
    ['slider', `${m}forms.horSlider;strokeColor=#999999;sliderStyle=basic;sliderPos=30;handleStyle=circle;fillColor2=#ddeeff;`, 240, 760, 150, 30],
    ['slider-fancy', `${m}forms.horSlider;strokeColor=#999999;sliderStyle=fancy;sliderPos=70;handleStyle=handle;fillColor2=#ddeeff;fillColor=#ffffff;`, 410, 760, 150, 30],
    ['slider-up', `${m}forms.horSlider;strokeColor=#999999;sliderStyle=basic;sliderPos=50;handleStyle=triangle;fillColor2=#ddeeff;direction=north;`, 600, 700, 30, 120],
    ['scroll', `${m}navigation.scrollBar;strokeColor=#999999;barPos=40;fillColor2=#99ddff;strokeColor2=none;`, 20, 820, 250, 20],
    ['margins', `${m}containers.marginRect;rectMarginTop=10;strokeColor=#666666;rounded=1;arcSize=5;fillColor=#ffffff;`, 300, 820, 120, 70],
    ['margins-square', `${m}containers.marginRect2;rectMarginLeft=20;strokeColor=#666666;fillColor=#f5f5f5;`, 440, 820, 120, 70],
    ['link', `${m}text.link;linkText=Read more;textColor=#0000ff;textSize=17;strokeColor=none;fillColor=none;`, 20, 870, 150, 30],
    ['pin', `${m}misc.pin;fillColor2=#00dd00;fillColor3=#004400;strokeColor=#006600;`, 200, 860, 20, 50],
    ['pin-blue', `${m}misc.pin;fillColor2=#ccccff;fillColor3=#0000ff;strokeColor=#000066;`, 240, 860, 20, 50],
    ['note', `${m}text.stickyNote;mainText=Buy milk,Call Bo;textSize=15;`, 580, 820, 110, 110],
    ['note-palette', `${m}text.stickyNote2;fontColor=#666666;mainText=;fontSize=17;whiteSpace=wrap;fillColor=#ffffcc;strokeColor=#F62E00;`, 20, 920, 160, 120],
    ['bars', `${m}graphics.barChart;strokeColor=none;strokeColor2=none;strokeColor3=#666666;fillColor2=#008cff;fillColor3=#dddddd;`, 200, 940, 120, 90],
    ['columns', `${m}graphics.columnChart;strokeColor=none;strokeColor2=none;strokeColor3=#666666;fillColor2=#008cff;fillColor3=#dddddd;`, 340, 940, 120, 90],
    ['lines', `${m}graphics.lineChart;strokeColor=none;strokeColor2=#666666;strokeColor3=#008cff;strokeColor4=#dddddd;`, 480, 940, 100, 90],
    ['pie', `${m}graphics.pieChart;strokeColor=#ffffff;parts=10,20,35;partColors=#e0e0e0,#d0d0d0,#c0c0c0;strokeWidth=2;`, 600, 950, 80, 80],
    ['splitter', `${m}forms.splitter;strokeColor=#999999;fillColor=#f0f0f0;`, 200, 1060, 350, 10],
    ['splitter-up', `${m}forms.splitter;strokeColor=#999999;fillColor=#f0f0f0;direction=north;`, 580, 1050, 10, 120],
    ['pages', `${m}navigation.pageControl;fillColor=#999999;strokeColor=#008cff;`, 200, 1100, 200, 10],
    ['bubbles', `${m}graphics.bubbleChart;strokeColor=none;strokeColor2=none;strokeColor3=#666666;fillColor2=#008cff;fillColor3=#dddddd;`, 450, 1130, 120, 90],
    ['plot', `${m}graphics.plotChart;strokeColor=none;strokeColor2=#aaaaaa;strokeColor3=#666666;fillColor2=#99aaff,#0022ff,#008cff;`, 450, 1240, 200, 120],
    ['steps', `${m}navigation.stepBar;strokeColor=#c4c4c4;textColor=#666666;textColor2=#008cff;mainText=,,+,;textSize=17;fillColor=#666666;overflow=fill;fontSize=17;fontColor=#666666;`, 20, 1130, 300, 50],
    ['layers', `${m}navigation.stepBar;strokeColor=#c4c4c4;textColor=#666666;textColor2=#008cff;mainText=Layer 1,Layer 2,+Layer 3,Layer 4;textSize=17;fillColor=#666666;overflow=fill;fontSize=17;fontColor=#666666;`, 20, 1200, 400, 50],
    // Callouts whose label stays off the pointer on whichever side direction and flips put it.
    ...[
      ['callout-east', ''],
      ['callout-south', 'direction=south;'],
      ['callout-west', 'direction=west;'],
      ['callout-north', 'direction=north;'],
      ['callout-flipped', 'flipV=1;'],
      ['callout-south-flipped', 'direction=south;flipH=1;'],
    ].map(([id, turn], n) => [id, `shape=callout;whiteSpace=wrap;html=1;perimeter=calloutPerimeter;size=24;position=0.3;verticalAlign=top;align=left;${turn}`, 20 + n * 115, 1400, 100, 90, id]),
    // Sketched: text cells with and without paint, a comic box (diagrams.net jiggles it at random, so it never matches
    // exactly), a Kanban column's 1 px header; glass on a vertical lane and on the label shape.
    ['sketch-text', 'text;html=1;sketch=1;fillColor=#ffcc00;strokeColor=#000000;', 20, 1520, 120, 60, 'noted'],
    ['sketch-plain', 'text;html=1;sketch=1;', 160, 1520, 120, 60, 'plain text'],
    ['comic', 'rounded=0;whiteSpace=wrap;html=1;sketch=1;sketchStyle=comic;fillColor=#dae8fc;strokeColor=#6c8ebf;', 300, 1520, 120, 60, 'comic'],
    ['comic-old', 'rounded=0;whiteSpace=wrap;html=1;comic=1;', 440, 1520, 120, 60, 'comic=1'],
    ['column', 'swimlane;html=0;startSize=1;verticalAlign=bottom;spacingBottom=5;sketch=1;strokeColor=none;fillStyle=solid;fillColor=#A0522D;fontSize=16;', 580, 1550, 120, 100, 'TO DO'],
    ['glass-vlane', 'swimlane;horizontal=0;html=1;glass=1;startSize=30;fillColor=#dae8fc;strokeColor=#6c8ebf;', 20, 1610, 200, 100, 'vertical'],
    ['glass-label', 'label;html=1;glass=1;fillColor=#f8cecc;strokeColor=#b85450;', 250, 1610, 140, 60, 'label'],
    ['glass-label-round', 'label;html=1;glass=1;rounded=1;fillColor=#d5e8d4;strokeColor=#82b366;', 420, 1610, 140, 60, 'rounded'],
    // Option lists, navigation and rating (below 1750).
    ['radios', `${m}forms.radioGroup;mainText=Option 1,+Option 2,Option 3;textColor=#666666,#008cff;textSize=17;fillColor=#ffffff;strokeColor=#999999;`, 20, 1760, 150, 90],
    ['checkboxes', `${m}forms.checkboxGroup;mainText=+Option 1,Option 2,+Option 3;textColor=#666666,#008cff;textSize=15;fillColor=#ffffff;strokeColor=#999999;`, 190, 1760, 150, 100],
    ['list', `${m}forms.listBox;strokeColor=#999999;fillColor=#ffffff;mainText=Fruit;subText=Apple,+Pear,Plum;textSize=17;textColor=#666666,#008cff;selectedColor=#ddeeff;`, 360, 1760, 150, 120],
    ['crumbs', `${m}navigation.breadcrumb;mainText=Home,Docs,Page;textSize=17;textColor=#666666;textColor2=#008cff;strokeColor=#c4c4c4;fillColor=none;`, 20, 1900, 300, 30],
    ['pagination', `${m}navigation.pagination;linkText=Prev 1 2 3 Next;textSize=17;textColor=#0000ff;strokeColor=none;fillColor=none;`, 340, 1900, 250, 30],
    ['stars', `${m}misc.rating;strokeColor=#999999;fillColor=#ffff00;emptyFillColor=#ffffff;grade=4;ratingScale=5;ratingStyle=star;`, 20, 1950, 225, 30],
    ['hearts', `${m}misc.rating;strokeColor=#990000;fillColor=#ff0000;emptyFillColor=#ffeeee;grade=2;ratingScale=5;ratingStyle=heart;`, 260, 1950, 150, 20],
    ['bullets', `${m}text.bulletedList;textColor=#666666;mainText=Eggs,Milk,Bread;textSize=17;bulletStyle=dot;strokeColor=none;fillColor=none;`, 430, 1950, 150, 90],
    ['alert', `${m}containers.alertBox;strokeColor=#666666;fillColor=#ffffff;strokeColor2=#008cff;strokeColor3=#c4c4c4;mainText=Warning;subText=Delete the file?;buttonText=OK,Cancel;textColor=#666666;textSize=15;`, 20, 2060, 250, 120],
    ['numbered', `${m}text.bulletedList;textColor=#333333;mainText=Wake,Work;textSize=14;bulletStyle=number;strokeColor=#999999;fillColor=#f5f5f5;`, 600, 1950, 120, 70],
    // Bars of named parts (below 2200): menu bars, tab bars of each tab style and an accordion.
    ['menu', `${m}forms.menuBar;strokeColor=#999999;fillColor=#ffffff;strokeColor2=#c4c4c4;fillColor2=#008cff;mainText=File,+Edit,View,Help;textColor=#666666;textColor2=#ffffff;textSize=17;`, 20, 2220, 300, 30],
    ['menu-plain', `${m}forms.menuBar;strokeColor=#666666;fillColor=#f5f5f5;strokeColor2=#999999;mainText=File,Edit,View;textColor=#333333;textSize=14;`, 340, 2220, 300, 30],
    ['tabs', `${m}containers.horTabBar;tabs=Home,+Profile,Settings;tabStyle=block;strokeColor=#999999;fillColor=#ffffff;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff;textSize=17;`, 20, 2280, 350, 120],
    ['tabs-round', `${m}containers.horTabBar;tabs=One,Two,+Three;tabStyle=round;strokeColor=#666666;fillColor=#f5f5f5;fillColor2=#3399ff;textColor=#333333;textColor2=#ffffff;textSize=15;`, 400, 2280, 300, 100],
    ['tabs-cone', `${m}containers.horTabBar;tabs=+Mail,Calendar;tabStyle=cone;strokeColor=#999999;fillColor=#ffffff;fillColor2=#008cff;textSize=17;`, 20, 2420, 300, 80],
    ['tabs-half', `${m}containers.horTabBar;tabs=News,+Sport,Weather;tabStyle=halfCone;strokeColor=#999999;fillColor=#ffffff;fillColor2=#66bb66;textSize=14;`, 340, 2420, 300, 80],
    ['vtabs', `${m}containers.verTabBar;tabs=Home,+Profile,Settings;tabStyle=block;strokeColor=#999999;fillColor=#ffffff;fillColor2=#008cff;textSize=17;`, 20, 2520, 250, 150],
    ['vtabs-round', `${m}containers.verTabBar;tabs=One,Two,+Three,Four;tabStyle=round;strokeColor=#666666;fillColor=#f5f5f5;fillColor2=#3399ff;textSize=14;`, 290, 2520, 250, 160],
    ['accordion', `${m}containers.accordion;mainText=Group 1,+Group 2,Group 3,Group 4;strokeColor=#999999;strokeColor2=#c4c4c4;fillColor=#ffffff;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff;textSize=17;`, 560, 2520, 150, 220],
    // Text, links and a calendar (below 2750): a link bar, callouts of each style pointing each way, a text box, a
    // captcha, an alphanumeric index, a status bar and two calendars (a month from Wednesday in a week from Monday, and the defaults).
    ['linkbar', `${m}text.linkBar;mainText=Home,+Products,About;strokeColor=#999999;strokeColor2=#c4c4c4;fillColor=#ffffff;fillColor2=#008cff;textColor=#0000ff;textColor2=#ffffff;textSize=17;`, 20, 2770, 350, 30],
    ['callout-nw', `${m}text.callout;linkText=Note;callDir=NW;callStyle=line;textSize=15;textColor=#666666;strokeColor=#999999;fillColor=none;`, 390, 2760, 150, 80],
    ['callout-ne', `${m}text.callout;linkText=Tip;callDir=NE;callStyle=rect;textSize=15;textColor=#666666;strokeColor=#999999;fillColor=#ffffcc;`, 550, 2760, 150, 80],
    ['callout-se', `${m}text.callout;linkText=Heads up;callDir=SE;callStyle=roundRect;textSize=15;textColor=#333333;strokeColor=#999999;fillColor=#ddeeff;`, 390, 2850, 150, 80],
    ['callout-sw', `${m}text.callout;linkText=Look;callDir=SW;callStyle=line;textSize=17;textColor=#666666;strokeColor=#cc0000;fillColor=none;`, 550, 2850, 150, 80],
    ['textbox', `${m}text.textBox;mainText=Line one,Line two,Line three;textSize=15;textColor=#666666;strokeColor=#999999;fillColor=#ffffff;`, 20, 2820, 200, 100],
    ['captcha', `${m}text.captcha;mainText=xK7pQ;textSize=25;textColor=#666666;strokeColor=#999999;fillColor=#ffffff;`, 240, 2820, 130, 50],
    ['alphabet', `${m}text.alphanumeric;textColor=#0000ff;textSize=15;strokeColor=none;fillColor=none;`, 20, 2940, 350, 30],
    ['status', `${m}misc.statusBar;mainText=Ready,Line 3,100%;fillColor=#ffffff;strokeColor=#999999;fillColor2=#ddeeff;strokeColor2=#008cff;textColor=#999999;textSize=15;`, 20, 2990, 500, 40],
    ['calendar', `${m}forms.calendar;mainText=October 2026;firstDay=3;startOn=0;days=31;prevDays=30;selDay=15;strokeColor=#999999;fillColor=#ffffff;fillColor2=#ddeeff;strokeColor2=#008cff;textColor=#999999;textColor2=#ffffff;textSize=15;`, 20, 3050, 320, 350],
    ['calendar-plain', `${m}forms.calendar;strokeColor=#999999;fillColor=#ffffff;textSize=12;`, 360, 3050, 200, 220],
    // Media and boxes (below 3410): video players, a group box and colour pickers.
    ['video', `${m}containers.videoPlayer;fillColor=#ffffff;strokeColor=#666666;strokeColor2=#008cff;strokeColor3=#c4c4c4;textColor=#666666;fillColor2=#008cff;barHeight=30;barPos=20;`, 20, 3420, 300, 200],
    ['video-dark', `${m}containers.videoPlayer;fillColor=#333333;strokeColor=#999999;strokeColor2=#ff0000;strokeColor3=#666666;textColor=#ffffff;fillColor2=#ffffff;barHeight=24;barPos=60;strokeWidth=2;`, 340, 3420, 250, 150],
    ['group-box', `${m}containers.group;mainText=Options;textSize=15;fillColor2=#666666;textColor=#ffffff;strokeColor=#999999;fillColor=#ffffff;`, 20, 3640, 200, 70],
    ['picker', `${m}forms.colorPicker;chosenColor=#aaddff;`, 240, 3640, 40, 40],
    ['picker-large', `${m}forms.colorPicker;chosenColor=#ff8800;fillColor=#f5f5f5;`, 300, 3640, 60, 60],
    // Spinners of each layout and button style, and button bars (below 3710).
    ['spin-right', `${m}forms.spinner;spinLayout=right;adjStyle=triangle;mainText=100;strokeColor=#999999;fillColor=#999999;textColor=#666666;textSize=17;`, 20, 3720, 100, 30],
    ['spin-left', `${m}forms.spinner;spinLayout=left;adjStyle=plusMinus;mainText=7;strokeColor=#999999;fillColor=#999999;textColor=#666666;textSize=17;`, 140, 3720, 100, 30],
    ['spin-top', `${m}forms.spinner;spinLayout=top;adjStyle=arrow;mainText=12;strokeColor=#999999;fillColor=#999999;textColor=#666666;textSize=17;`, 260, 3720, 80, 60],
    ['spin-bottom', `${m}forms.spinner;spinLayout=bottom;adjStyle=triangle;mainText=3;strokeColor=#999999;fillColor=#999999;textColor=#666666;textSize=17;`, 360, 3720, 80, 60],
    ['spin-vertical', `${m}forms.spinner;spinLayout=vertical;adjStyle=arrow;mainText=50;strokeColor=#666666;fillColor=#008cff;textSize=15;`, 460, 3720, 60, 70],
    ['spin-horizontal', `${m}forms.spinner;spinLayout=horizontal;adjStyle=plusMinus;spinStyle=merged;mainText=2;strokeColor=#999999;fillColor=#999999;textColor=#666666;textSize=17;`, 540, 3720, 120, 30],
    ['hbuttons', `${m}buttons.horButtonBar;mainText=+Day,Week,Month;strokeColor=#666666;fillColor=#ffffff;strokeColor2=#c4c4c4;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff;textSize=17;`, 20, 3810, 300, 40],
    ['hbuttons-last', `${m}buttons.horButtonBar;mainText=One,Two,+Three;strokeColor=#999999;fillColor=#f5f5f5;strokeColor2=#999999;fillColor2=#66bb66;textColor=#333333;textColor2=#ffffff;textSize=15;`, 340, 3810, 300, 40],
    ['vbuttons', `${m}buttons.verButtonBar;mainText=Inbox,+Sent,Drafts,Trash;strokeColor=#666666;fillColor=#ffffff;strokeColor2=#c4c4c4;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff;textSize=17;`, 20, 3870, 150, 150],
    ['vbuttons-first', `${m}buttons.verButtonBar;mainText=+Top,Middle,Bottom;strokeColor=#666666;fillColor=#ffffff;fillColor2=#008cff;textSize=15;`, 190, 3870, 120, 120],
    ['vbuttons-last', `${m}buttons.verButtonBar;mainText=A,B,+C;strokeColor=#666666;fillColor=#ffffff;fillColor2=#cc3333;textSize=15;`, 330, 3870, 120, 120],
    // Small icons and playback controls (below 4030).
    ['icon-editIcon', `${m}misc.editIcon;strokeColor=#999999;fillColor=#ffffff;`, 20, 4040, 50, 50],
    ['icon-printIcon', `${m}misc.printIcon;strokeColor=#008cff;fillColor=#f5f5f5;`, 90, 4040, 50, 50],
    ['icon-shareIcon', `${m}misc.shareIcon;strokeColor=#999999;fillColor=#ffffff;`, 160, 4040, 50, 50],
    ['icon-trashcanIcon', `${m}misc.trashcanIcon;strokeColor=#008cff;fillColor=#f5f5f5;`, 230, 4040, 50, 50],
    ['icon-copyrightIcon', `${m}misc.copyrightIcon;strokeColor=#999999;fillColor=#ffffff;`, 300, 4040, 50, 50],
    ['icon-registeredIcon', `${m}misc.registeredIcon;strokeColor=#008cff;fillColor=#f5f5f5;`, 370, 4040, 50, 50],
    ['icon-volumeIcon', `${m}misc.volumeIcon;strokeColor=#999999;fillColor=#ffffff;`, 440, 4040, 50, 50],
    ['playback', `${m}misc.playbackControls;strokeColor=#999999;fillColor=#f5f5f5;fillColor2=#99ddff;strokeColor2=none;fillColor3=#ffffff;strokeColor3=none;`, 20, 4110, 250, 30],
    ['playback-dark', `${m}misc.playbackControls;strokeColor=#666666;fillColor=#333333;fillColor2=#666666;strokeColor2=#ffffff;fillColor3=#ffcc00;strokeColor3=#000000;`, 290, 4100, 230, 50],
    ['volume', `${m}misc.volumeSlider;barPos=80;fillColor=#cccccc;strokeColor=#999999;fillColor2=#ddeeff;`, 20, 4170, 250, 30],
    ['volume-low', `${m}misc.volumeSlider;barPos=25;fillColor=#999999;strokeColor=#666666;fillColor2=#008cff;`, 290, 4170, 150, 40],
    ['mail', `${m}misc.mail2;strokeColor=#999999;fillColor=#ffffff;`, 460, 4170, 100, 60],
    ['cart', `${m}misc.shoppingCart;strokeColor=#999999;`, 580, 4160, 50, 50],
    ['picture', `${m}graphics.simpleIcon;strokeColor=#999999;fillColor=#ffffff;`, 20, 4250, 100, 80],
    ['cart-big', `${m}misc.shoppingCart;strokeColor=#333333;`, 140, 4250, 100, 100],
    ['covers', `${m}navigation.coverFlow;strokeColor=#999999;fillColor=#ffffff;`, 260, 4250, 300, 100],
    ['map-nav', `${m}navigation.mapNavigator;fillColor=#ffffff;strokeColor=#999999;fillColor2=#99ddff;strokeColor2=none;strokeColor3=#ffffff;`, 580, 4240, 60, 100],
    ['user-male', `${m}containers.userMale;strokeColor=#666666;strokeColor2=#008cff;fillColor=#ffffff;`, 20, 4370, 100, 100],
    ['user-female', `${m}containers.userFemale;strokeColor=#666666;strokeColor2=#008cff;fillColor=#ffffff;`, 140, 4370, 100, 100],
    ['user-wide', `${m}containers.userMale;strokeColor=#999999;strokeColor2=#333333;fillColor=#f5f5f5;strokeWidth=2;`, 260, 4370, 150, 120],
    ['signin', `${m}forms.signIn;strokeColor=#999999;fillColor=#ffffff;strokeColor2=#ddeeff;fillColor2=#66bbff;textColor=#666666;textColor2=#ffffff;textSize=12;textSize2=15;`, 440, 4370, 250, 300],
    ['email', `${m}forms.emailForm;strokeColor=#999999;fillColor=#ffffff;textColor=#666666;textSize=12;`, 20, 4700, 300, 300],
    ['email-short', `${m}forms.emailForm;showCC=false;showBCC=false;mainText=me@x.org,Hi,you@y.org,,,Hello there;strokeColor=#666666;fillColor=#f5f5f5;textColor=#333333;textSize=14;`, 340, 4700, 250, 200],
    ['revisions', `${m}misc.revisionTable;mainText=Revision history,1.0,2026-11-27,First draft,1.1,2026-11-28,Review;textColor=#666666;textSize=12;strokeColor=#999999;fillColor=#ffffff;`, 20, 5020, 400, 75],
    ['ruler', `${m}misc.ruler;rulerOrient=down;unitSize=10;strokeColor=#999999;fillColor=#ffffff;`, 20, 5110, 400, 30],
    ['ruler-up', `${m}misc.ruler;rulerOrient=up;unitSize=6;strokeColor=#666666;fillColor=#ffffcc;`, 440, 5110, 200, 25],
    ['wedges', `${m}forms.wedgeBar;tabs=Home,+Profile,Settings;tabStyle=block;strokeColor=#999999;fillColor=#ffffff;fillColor2=#008cff;textColor=#666666;textColor2=#ffffff;textSize=17;`, 20, 5160, 300, 30],
    ['wedges-round', `${m}forms.wedgeBar;tabs=One,+Two,;tabStyle=round;strokeColor=#666666;fillColor=#f5f5f5;fillColor2=#3399ff;textSize=15;`, 340, 5160, 300, 30],
    ['icon-grid', `${m}graphics.iconGrid;gridSize=4,3;strokeColor=#999999;fillColor=#ffffff;`, 20, 5210, 200, 120],
    ['gauge', `${m}graphics.gauge;gaugePos=25;scaleColors=#bbbbbb,#dddddd,#999999;gaugeLabels=CPU[%],0,100;needleColor=#008cff;textColor=#666666;textSize=12;strokeColor=#999999;fillColor=#ffffff;`, 240, 5210, 120, 120],
    ['gauge-high', `${m}graphics.gauge;gaugePos=80;strokeColor=#666666;fillColor=#f5f5f5;`, 380, 5210, 100, 100],
    ['gantt', `${m}graphics.ganttChart;fillColor2=#888888,#bbbbbb;strokeColor=#999999;fillColor=#ffffff;`, 500, 5210, 200, 140],
  ].map(([id, style, x, y, w, h, value = '']) => `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`);
  return onePageFile('mockup', 'Mockups', cells);
})();
/**
 * Made here: what diagrams.net draws beside the usual shapes: images in the stylesheet's `image`
 * style (their names below, on white, or beside where the cell says so) and pictures of its label
 * shape in each place its style sets them.
 */
export const FIDELITY_MADE_HERE = 'fidelity.drawio';
const MENU_HEADS = ['async', 'openAsync', 'box', 'circle', 'circlePlus', 'cross', 'dash'];
export const FIDELITY_MADE_HERE_XML = (() => {
  const vertex = (id: string, style: string, [x, y, w, h]: number[], value = id) =>
    `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
  const edge = (id: string, style: string, source: string, target: string, value = '') =>
    `<mxCell id="${id}" value="${value}" style="${style}" edge="1" parent="1" source="${source}" target="${target}"><mxGeometry relative="1" as="geometry"/></mxCell>`;
  const cells = [
    // Images in the named `image` style, as the IBM and clip art sidebars write them.
    vertex('router', 'aspect=fixed;html=1;image;image=img/lib/ibm/vpc/Router.svg;', [20, 20, 50, 50]),
    vertex('user', 'image=img/lib/ibm/users/user.svg;image;html=1;fontSize=14;', [140, 20, 40, 40], 'A user'),
    vertex('database', 'image;html=1;image=img/lib/clip_art/computers/Database_128x128.png;labelPosition=right;verticalLabelPosition=middle;align=left;verticalAlign=middle;', [240, 20, 60, 60]),
    vertex('bridge', 'shape=image;html=1;image=img/lib/ibm/vpc/Bridge.svg;', [400, 20, 50, 50], 'on it'),
    // diagrams.net's label shape with its picture: the palette's, set right and top, and shape=label at its own size.
    vertex('gear', 'label;whiteSpace=wrap;html=1;image=img/lib/clip_art/computers/Antivirus_128x128.png;', [20, 120, 160, 60], 'Gear'),
    vertex('gear-right', 'label;whiteSpace=wrap;html=1;image=img/lib/clip_art/computers/Data_Filtering_128x128.png;imageAlign=right;imageVerticalAlign=top;imageWidth=30;imageHeight=30;align=center;spacingLeft=2;', [220, 120, 160, 70], 'Filter'),
    vertex('plain-label', 'shape=label;html=1;image=img/lib/ibm/vpc/Router.svg;rounded=1;', [420, 120, 120, 40], 'Small'),
    // The default vertex style's shape is the label shape too: a box, or a text, naming a picture draws it at 24 px;
    // the `icon` style centres it at 48 px; `roundImage` is an image; an ellipse draws none.
    vertex('box-picture', 'rounded=0;whiteSpace=wrap;html=1;image=img/lib/ibm/vpc/Router.svg;', [580, 120, 120, 50], 'Box'),
    vertex('text-picture', 'text;html=1;image=img/lib/ibm/vpc/Bridge.svg;', [720, 120, 100, 40], 'Text'),
    vertex('icon-picture', 'icon;html=1;image=img/lib/clip_art/computers/Database_128x128.png;', [840, 100, 80, 80], 'Icon'),
    vertex('round-image', 'roundImage;html=1;image=img/lib/clip_art/computers/Database_128x128.png;', [960, 100, 60, 60], 'Round'),
    vertex('ellipse-picture', 'ellipse;html=1;image=img/lib/ibm/vpc/Router.svg;', [1060, 110, 100, 50], 'Ellipse'),
    // Edges of no line (strokeColor=none): their heads and labels only, as diagrams.net draws them.
    vertex('a', 'rounded=0;html=1;', [20, 240, 60, 40]),
    vertex('b', 'rounded=0;html=1;', [220, 240, 60, 40]),
    edge('unseen', 'endArrow=classic;html=1;strokeColor=none;', 'a', 'b', 'hidden line'),
    edge('unseen-block', 'endArrow=block;endFill=1;startArrow=oval;startFill=0;html=1;strokeColor=none;strokeWidth=2;exitX=0.5;exitY=1;entryX=0.5;entryY=1;edgeStyle=orthogonalEdgeStyle;', 'a', 'b', ''),
    `<mxCell id="free" value="free" style="endArrow=open;html=1;strokeColor=none;fontColor=#b85450;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="340" y="260" as="sourcePoint"/><mxPoint x="500" y="260" as="targetPoint"/></mxGeometry></mxCell>`,
    // Loops (an edge from a shape to itself) in diagrams.net's loop style: each direction, through a waypoint
    // beside or above the box, curved, rounded, with a label, both ends fixed, and one that keeps its orthogonal style.
    ...['west', 'north', 'south', 'east'].flatMap((direction, n) => [
      vertex(`self-${direction}`, 'rounded=0;html=1;', [40 + n * 160, 360, 80, 50], direction),
      edge(`loop-${direction}`, `endArrow=classic;html=1;rounded=0;direction=${direction};`, `self-${direction}`, `self-${direction}`, n === 0 ? 'again' : ''),
    ]),
    vertex('self-aside', 'ellipse;html=1;', [60, 480, 80, 50], 'aside'),
    `<mxCell id="loop-aside" style="endArrow=block;html=1;rounded=0;" edge="1" parent="1" source="self-aside" target="self-aside"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="20" y="520"/></Array></mxGeometry></mxCell>`,
    vertex('self-above', 'rounded=1;html=1;', [220, 500, 80, 50], 'above'),
    `<mxCell id="loop-above" value="up" style="endArrow=classic;html=1;" edge="1" parent="1" source="self-above" target="self-above"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="280" y="470"/></Array></mxGeometry></mxCell>`,
    vertex('self-curved', 'rounded=0;html=1;', [380, 480, 80, 50], 'curved'),
    edge('loop-curved', 'endArrow=classic;html=1;curved=1;segment=20;', 'self-curved', 'self-curved'),
    vertex('self-fixed', 'rounded=0;html=1;', [540, 480, 100, 60], 'fixed'),
    edge('loop-fixed', 'endArrow=none;html=1;exitX=0;exitY=0.5;exitDx=0;exitDy=0;entryX=1;entryY=0.5;entryDx=0;entryDy=0;dashed=1;', 'self-fixed', 'self-fixed'),
    vertex('self-orth', 'rounded=0;html=1;', [60, 600, 80, 50], 'orth'),
    `<mxCell id="loop-orth" style="edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;html=1;exitX=1;exitY=0.5;entryX=0.5;entryY=0;" edge="1" parent="1" source="self-orth" target="self-orth"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="170" y="625"/><mxPoint x="170" y="580"/><mxPoint x="100" y="580"/></Array></mxGeometry></mxCell>`,
    vertex('self-orth-free', 'rounded=0;html=1;', [220, 600, 80, 50], 'orth, free'),
    edge('loop-orth-free', 'edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;html=1;', 'self-orth-free', 'self-orth-free'),
    // Rules no text follows: a compartment's closing rule, two in a row, a text's last.
    vertex('ruled', 'verticalAlign=top;align=left;overflow=fill;html=1;whiteSpace=wrap;', [380, 600, 160, 90], escapeXml('<p style="margin:0px;text-align:center;"><b>Order</b></p><hr size="1"/><p style="margin:0px;margin-left:4px;">+ id: int</p><hr size="1"/>')),
    vertex('ruled-twice', 'rounded=0;whiteSpace=wrap;html=1;align=left;verticalAlign=top;', [580, 600, 140, 90], escapeXml('above<hr><hr size="4">below<hr>')),
    vertex('ruled-text', 'text;html=1;align=center;', [380, 720, 120, 40], escapeXml('<b>Title</b><hr>')),
    // Edge labels casting their shadow (textShadow=1): the edge's own, in the style's colour, and a label cell's.
    `<mxCell id="shade-label" value="shaded" style="endArrow=classic;html=1;textShadow=1;fontSize=14;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="20" y="800" as="sourcePoint"/><mxPoint x="220" y="800" as="targetPoint"/></mxGeometry></mxCell>`,
    `<mxCell id="shade-colour" value="red shade" style="endArrow=none;html=1;textShadow=1;shadowColor=#ff0000;labelBackgroundColor=none;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="260" y="800" as="sourcePoint"/><mxPoint x="460" y="800" as="targetPoint"/></mxGeometry></mxCell>`,
    `<mxCell id="shade-host" value="" style="endArrow=classic;html=1;" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="500" y="800" as="sourcePoint"/><mxPoint x="700" y="800" as="targetPoint"/></mxGeometry></mxCell>`,
    '<mxCell id="shade-cell" value="on a cell" style="edgeLabel;html=1;textShadow=1;fontStyle=1;" vertex="1" connectable="0" parent="shade-host"><mxGeometry x="-0.4" relative="1" as="geometry"/></mxCell>',
    // The heads of diagrams.net's menu past the arrowheads, at both ends (the half arrows on either side), filled and not,
    // at sizes and widths of their own, going right, left, down and on a slant.
    ...MENU_HEADS.map((head, n) => {
      const [x, y] = [20 + (n % 4) * 180, 860 + Math.floor(n / 4) * 160];
      const style = `html=1;startArrow=${head};endArrow=${head};startFill=${n % 2};endFill=1;startSize=${6 + (n % 3) * 3};endSize=${8 + (n % 2) * 4};strokeWidth=${1 + (n % 3)};`;
      const free = (id: string, [x1, y1, x2, y2]: number[]) =>
        `<mxCell id="${id}" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="${x1}" y="${y1}" as="sourcePoint"/><mxPoint x="${x2}" y="${y2}" as="targetPoint"/></mxGeometry></mxCell>`;
      return [
        free(`${head}-right`, [x, y, x + 140, y]),
        free(`${head}-left`, [x + 140, y + 40, x, y + 40]),
        free(`${head}-down`, [x + 20, y + 60, x + 20, y + 140]),
        free(`${head}-slant`, [x + 60, y + 70, x + 140, y + 140]),
      ].join('');
    }),
  ];
  return onePageFile('fidelity', 'Fidelity', cells);
})();
