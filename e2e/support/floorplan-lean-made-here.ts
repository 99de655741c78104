/**
 * Made here for the viewer comparison: the floor plan shapes (mxFloorplan.js) beyond walls and
 * plain doors, and the Lean Mapping shapes (mxLeanMap.js) diagrams.net draws in code, at their
 * palette sizes and styles, with their own parameters (dx, windowPanes, wallThickness, mainText,
 * fontSize, strokeWidth), turned, and without colours of their own; and the general rack shapes
 * (rack/mxRack.js) and cabinets (mxCabinets.js), numbered and not, resizable and of fixed size.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const FLOORPLAN_LEAN_MADE_HERE = 'floorplan-lean-shapes.drawio';

const fp = 'verticalLabelPosition=bottom;html=1;verticalAlign=top;align=center;shape=mxgraph.floorplan.';
const grey = 'fillColor=#dddddd;strokeColor=#333333;';

const FLOORPLAN_CELLS: readonly Cell[] = [
  ['room', `${fp}room;fillColor=#000000;`, 20, 20, 160, 120],
  ['room-thin', `${fp}room;wallThickness=4;${grey}`, 200, 20, 120, 100],
  ['dimension', `${fp}dimension;`, 340, 20, 120, 40],
  ['dimension-bottom', `${fp}dimensionBottom;strokeColor=#0000ff;`, 480, 20, 120, 40],
  ['stairs-rest', `${fp}stairsRest;`, 620, 20, 200, 100],
  ['stairs-rest-narrow', `${fp}stairsRest;${grey}`, 840, 20, 40, 60],
  ['door-uneven', `${fp}doorUneven;dx=0.5;`, 20, 160, 160, 85],
  ['door-uneven-small', `${fp}doorUneven;${grey}`, 200, 160, 120, 85],
  ['door-opposing', `${fp}doorOpposing;dx=0.5;`, 340, 160, 160, 165],
  ['door-opposing-small', `${fp}doorOpposing;dx=0.3;${grey}`, 520, 160, 120, 130],
  ['door-revolving', `${fp}doorRevolving;aspect=fixed;`, 660, 160, 80, 85],
  ['door-revolving-wide', `${fp}doorRevolving;${grey}`, 760, 160, 120, 60],
  ['door-pocket', `${fp}doorPocket;dx=0.5;`, 20, 340, 104, 10],
  ['door-pocket-default', `${fp}doorPocket;${grey}`, 140, 340, 104, 10],
  ['door-double-pocket', `${fp}doorDoublePocket;dx=0.25;`, 260, 340, 104, 10],
  ['door-bypass', `${fp}doorBypass;dx=0.25;`, 380, 340, 104, 10],
  ['door-bypass-default', `${fp}doorBypass;${grey}`, 500, 340, 104, 10],
  ['door-sliding-glass', `${fp}doorSlidingGlass;dx=0.25;`, 620, 340, 104, 10],
  ['door-bifold', `${fp}doorBifold;dx=0.3;`, 20, 380, 160, 40],
  ['door-bifold-wide', `${fp}doorBifold;dx=0.45;strokeWidth=2;${grey}`, 200, 380, 160, 40],
  ['door-overhead', `${fp}doorOverhead;`, 380, 380, 160, 35],
  ['opening', `${fp}opening;`, 560, 380, 100, 10],
  ['window-glider', `${fp}windowGlider;dx=0.25;`, 680, 380, 100, 10],
  ['window-glider-default', `${fp}windowGlider;${grey}`, 800, 380, 100, 10],
  ['window-garden', `${fp}windowGarden;dx=0.25;`, 20, 450, 100, 20],
  ['window-garden-five', `${fp}windowGarden;windowPanes=5;${grey}`, 140, 450, 160, 20],
  ['window-bow', `${fp}windowBow;strokeWidth=3;`, 320, 450, 100, 20],
  ['window-bay', `${fp}windowBay;strokeWidth=3;aspect=fixed;`, 440, 450, 100, 40],
  ['door-accordion', `${fp}doorAccordion;dx=0.6;`, 560, 450, 160, 25],
  ['door-accordion-default', `${fp}doorAccordion;${grey}`, 740, 450, 160, 25],
  ['door-double-action', `${fp}doorDoubleAction;aspect=fixed;`, 20, 580, 80, 165],
  ['door-double-action-dashes', `${fp}doorDoubleAction;dashPattern=8 4;strokeColor=#aa0000;`, 120, 580, 60, 125],
  // Turned, flipped and upright as the palette's users turn them.
  ['door-uneven-north', `${fp}doorUneven;dx=0.4;direction=north;`, 220, 520, 85, 160],
  ['door-bifold-turned', `${fp}doorBifold;dx=0.3;rotation=90;`, 300, 560, 160, 40],
  ['window-bay-flipped', `${fp}windowBay;strokeWidth=3;flipV=1;`, 480, 560, 100, 40],
  ['door-double-action-west', `${fp}doorDoubleAction;direction=west;`, 620, 520, 80, 165],
];

const lean = 'strokeWidth=2;html=1;shape=mxgraph.lean_mapping.';
const below = 'verticalLabelPosition=bottom;html=1;verticalAlign=top;strokeWidth=2;shape=mxgraph.lean_mapping.';
const orange = 'fillColor=#ffe6cc;strokeColor=#d79b00;';

const LEAN_CELLS: readonly Cell[] = [
  ['outside-sources', `${lean}outside_sources;whiteSpace=wrap;align=center;`, 20, 20, 100, 70],
  ['outside-sources-colour', `${lean}outside_sources;${orange}`, 140, 20, 100, 70],
  ['process', `${lean}manufacturing_process;fontSize=12;verticalAlign=middle;align=center;`, 260, 20, 100, 70],
  ['process-big-font', `${lean}manufacturing_process;fontSize=20;${orange}`, 380, 20, 100, 70],
  ['process-shared', `${lean}manufacturing_process_shared;spacingTop=-5;align=center;verticalAlign=top;`, 500, 20, 100, 70],
  ['process-shared-thin', `${lean}manufacturing_process_shared;strokeWidth=1;fontSize=8;${orange}`, 620, 20, 120, 60],
  ['supermarket', `${lean}supermarket;`, 760, 20, 60, 100],
  ['fifo-lane', `${lean}fifo_lane;overflow=fill;verticalAlign=top;align=center;`, 20, 130, 100, 50],
  ['fifo-lane-colour', `${lean}fifo_lane;${orange}`, 140, 130, 140, 60],
  ['safety-stock', `${lean}buffer_or_safety_stock;`, 300, 130, 40, 100],
  ['truck', `${lean}truck_shipment;`, 360, 130, 100, 100],
  ['truck-colour', `${lean}truck_shipment;${orange}`, 480, 130, 80, 60],
  ['schedule', `${lean}schedule;whiteSpace=wrap;align=center;`, 580, 130, 100, 70],
  ['fifo-sequence', `${lean}fifo_sequence_flow;pointerEvents=1;fontStyle=0;fontSize=20;align=center;`, 700, 130, 100, 50],
  ['production-kanban', `${lean}production_kanban;overflow=fill;`, 20, 250, 100, 100],
  ['withdrawal-kanban', `${lean}withdrawal_kanban;overflow=fill;`, 140, 250, 100, 100],
  ['withdrawal-kanban-colour', `${lean}withdrawal_kanban;${orange}`, 260, 250, 130, 80],
  ['signal-kanban', `${lean}signal_kanban;overflow=fill;`, 410, 250, 100, 90],
  ['orders', `${lean}orders;overflow=fill;`, 530, 250, 100, 60],
  ['orders-colour', `${lean}orders;strokeWidth=4;${orange}`, 650, 250, 80, 80],
  ['batched-kanban', `${lean}batched_kanban;`, 750, 250, 120, 80],
  ['batched-kanban-narrow', `${lean}batched_kanban;${orange}`, 20, 380, 80, 80],
  ['boat', `${below}boat_shipment;`, 120, 380, 100, 70],
  ['data-box', `${below}data_box;`, 240, 380, 80, 100],
  ['work-cell', `${below}work_cell;`, 340, 380, 100, 70],
  ['inventory', `${below}inventory_box;`, 460, 380, 100, 80],
  ['push-arrow', `${below}push_arrow;`, 580, 380, 100, 30],
  ['push-arrow-colour', `${below}push_arrow;${orange}`, 700, 380, 100, 40],
  ['physical-pull', `${below}physical_pull;pointerEvents=1;`, 820, 380, 60, 60],
  ['pull-ball', `${below}sequenced_pull_ball;`, 20, 500, 50, 50],
  ['pull-ball-colour', `${below}sequenced_pull_ball;${orange}`, 90, 500, 60, 40],
  ['rail', `${below}rail_shipment;`, 170, 500, 100, 20],
  ['warehouse', `${below}warehouse;`, 290, 500, 100, 100],
  ['cross-dock', `${below}crossDock;`, 410, 500, 100, 100],
  ['control-center', `${below}control_center;`, 530, 500, 100, 100],
  ['timeline', `${lean}timeline;`, 20, 630, 600, 50],
  ['timeline-own', `${lean}timeline;mainText=10,Wait,30,Cut,20,Weld;fontSize=16;strokeColor=#d79b00;`, 640, 630, 240, 60],
  ['timeline2', `verticalLabelPosition=bottom;html=1;verticalAlign=top;strokeWidth=2;shape=mxgraph.lean_mapping.timeline2;dx1=0;dy1=1;dx2=30;dy2=0;dx3=160;dy3=1;dx4=230;dy4=0;dx5=310;dy5=1;dy6=0;`, 20, 710, 400, 40],
  ['timeline2-own', `${lean}timeline2;dy1=0;dx2=50;dy2=0;dx3=90;dy3=0.8;dx4=140;dy4=0.8;dx5=200;dy5=0.2;dy6=1;strokeColor=#d79b00;`, 440, 710, 240, 40],
  ['timeline2-plain', 'shape=mxgraph.lean_mapping.timeline2;', 700, 710, 180, 30],
  ['boat-turned', `${below}boat_shipment;rotation=30;`, 660, 500, 80, 60],
  ['work-cell-south', `${below}work_cell;direction=south;`, 760, 500, 70, 100],
];

const rack = 'strokeColor=#666666;html=1;labelPosition=right;align=left;spacingLeft=15;shadow=0;dashed=0;outlineConnect=0;shape=mxgraph.rackGeneral.';
const cabinet = 'strokeColor=#666666;html=1;verticalLabelPosition=bottom;labelBackgroundColor=#ffffff;verticalAlign=top;outlineConnect=0;shadow=0;dashed=0;';
const blue = 'fillColor=#dae8fc;strokeColor=#6c8ebf;';

const RACK_CELLS: readonly Cell[] = [
  ['container', `${cabinet}shape=mxgraph.rackGeneral.container;fillColor2=#f4f4f4;container=1;collapsible=0;childLayout=rack;allowGaps=1;marginLeft=9;marginRight=9;marginTop=21;marginBottom=22;textColor=#666666;numDisp=off;`, 20, 20, 180, 228.6],
  ['container-numbered', `${cabinet}shape=mxgraph.rackGeneral.container;fillColor2=#f4f4f4;container=1;collapsible=0;childLayout=rack;allowGaps=1;marginLeft=33;marginRight=9;marginTop=21;marginBottom=22;textColor=#666666;numDisp=ascend;`, 220, 20, 210, 228.6],
  ['container-descend', `${cabinet}shape=mxgraph.rackGeneral.container;container=1;numDisp=descend;rackUnitSize=30;textColor=#aa0000;${blue}`, 450, 20, 160, 200],
  ['container-plain', 'shape=mxgraph.rackGeneral.container;', 630, 20, 120, 150],
  ['rack-cabinet', `${cabinet}shape=mxgraph.rackGeneral.rackCabinet;unitNum=6;`, 770, 20, 204, 130],
  ['rack-cabinet-off', `${cabinet}shape=mxgraph.rackGeneral.rackCabinet;unitNum=4;numDisp=off;numDir=ascend;`, 770, 170, 180, 100],
  ['rack-numbering', `${cabinet}shape=mxgraph.rackGeneral.rackNumbering;unitNum=8;`, 20, 280, 200, 120],
  ['rack-numbering-asc', `${cabinet}shape=mxgraph.rackGeneral.rackNumbering;unitNum=5;numDir=ascend;textSize=10;textColor=#0000aa;`, 240, 280, 200, 80],
  ['plate', `${rack}plate;fillColor=#e8e8e8;`, 460, 280, 160, 15],
  ['plate-narrow', `${rack}plate;${blue}`, 640, 280, 16, 30],
  ['duct', `${rack}horCableDuct;`, 460, 310, 160, 15],
  ['duct-wide', `${rack}horCableDuct;${blue}`, 640, 330, 250, 20],
  ['routing', `${rack}horRoutingBank;`, 460, 340, 160, 20],
  ['neat-patch', `${rack}neatPatch;`, 460, 370, 160, 30],
  ['shelf', `${rack}shelf;container=1;collapsible=0`, 460, 410, 160, 15],
  ['shelf-colour', `${rack}shelf;${blue}`, 640, 410, 120, 40],
  ['duct-1u', `${rack}horCableDuct1U;`, 20, 440, 161, 15],
  ['duct-2u', `${rack}horCableDuct2U;`, 200, 440, 161, 30],
  ['routing-1u', `${rack}horRoutingBank1U;`, 20, 490, 161, 15],
  ['routing-2u', `${rack}horRoutingBank2U;${blue}`, 200, 490, 161, 30],
  ['neat-patch-2u', `${rack}neatPatch2U;`, 380, 490, 161, 30],
  ['shelf-1u', `${rack}shelf1U;`, 20, 540, 161, 15],
  ['shelf-2u', `${rack}shelf2U;`, 200, 540, 161, 30],
  ['shelf-4u', `${rack}shelf4U;`, 380, 540, 161, 60],
  ['channel-base', `${rack}channelBase;`, 560, 480, 200, 30],
  ['channel-base-small', `${rack}channelBase;${blue}`, 780, 480, 15, 15],
  ['leg', 'shape=mxgraph.rackGeneral.cabinetLeg;html=1;shadow=0;dashed=0;fillColor=#444444;strokeColor=#444444;verticalLabelPosition=bottom;labelBackgroundColor=#ffffff;verticalAlign=top;', 820, 480, 50, 50],
  ['cabinet', 'shape=mxgraph.cabinets.cabinet;hasStand=1;html=1;', 20, 620, 100, 160],
  ['cabinet-colour', `shape=mxgraph.cabinets.cabinet;hasStand=0;${blue}`, 140, 620, 80, 120],
  ['cover-plate', 'shape=mxgraph.cabinets.coverPlate;html=1;', 240, 620, 120, 50],
  ['cabinet-dimension', 'shape=mxgraph.cabinets.dimension;html=1;', 380, 620, 150, 40],
  ['cabinet-dimension-bottom', `shape=mxgraph.cabinets.dimensionBottom;${blue}`, 550, 620, 150, 40],
  ['cabinet-default', 'shape=mxgraph.cabinets.cabinet;html=1;', 880, 560, 80, 120],
  ['neat-patch-turned', `${rack}neatPatch;rotation=90;`, 700, 680, 160, 30],
];

export const FLOORPLAN_LEAN_MADE_HERE_XML = `<mxfile>${fileOf('Floorplan', FLOORPLAN_CELLS)}${fileOf('Lean', LEAN_CELLS)}${fileOf('Rack', RACK_CELLS)}</mxfile>`;
