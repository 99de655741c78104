/**
 * Made here for the viewer comparison: SysML's shapes (mxSysML.js), in their variants (sizes on
 * either side of the thresholds where they add pins, tab widths, directions, the composite's
 * placed symbols), with and without colours of their own; and on a page of their own UML 2.5's
 * (mxUML25.js), the data-flow (mxDFD.js) and EIP (mxEip.js) shapes and BPMN's data, pool,
 * conversation and message marker; and some of them turned, flipped and labelled.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const SYSML_MADE_HERE = 'sysml-shapes.drawio';

const s = 'html=1;whiteSpace=wrap;shape=mxgraph.sysml.';
const blue = 'fillColor=#dae8fc;strokeColor=#6c8ebf;';
const green = 'fillColor=#d5e8d4;strokeColor=#82b366;';

const BLOCK_CELLS: readonly Cell[] = [
  ['package', `${s}package;labelX=135;align=left;verticalAlign=top;`, 20, 20, 250, 120],
  ['package-blue', `${s}package;labelX=60;strokeWidth=2;${blue}`, 290, 20, 160, 80],
  ['package2', `${s}package2;labelX=95;`, 470, 20, 160, 80],
  ['package2-green', `${s}package2;labelX=120;${green}`, 650, 20, 160, 80],
  ['none', `${s}none;`, 830, 20, 60, 40],
  ['rect', `${s}rect;`, 20, 160, 100, 60],
  ['rect-blue', `${s}rect;${blue}`, 140, 160, 100, 60],
  ['port1', `${s}port1;`, 260, 160, 40, 20],
  ['port2', `${s}port2;${blue}`, 320, 160, 40, 20],
  ['port3', `${s}port3;`, 380, 160, 100, 80],
  ['port3-green', `${s}port3;${green}`, 500, 160, 100, 80],
  ['port4', `${s}port4;`, 620, 160, 40, 20],
  ['nested', `${s}nestedPort;`, 680, 160, 100, 100],
  ['nested-blue', `${s}nestedPort;${blue}`, 800, 160, 60, 80],
  ['param-dgm', `${s}paramDgm;`, 20, 280, 160, 120],
  ['param-dgm-low', `${s}paramDgm;${blue}`, 200, 280, 160, 60],
  ['cons-prop', `${s}consProp;`, 380, 280, 160, 120],
  ['cons-prop-green', `${s}consProp;${green}`, 560, 280, 160, 60],
  ['composite', `${s}composite;symbol0=folder;fontStyle=1;spacingTop=15;tabWidth=80;tabHeight=20;tabPosition=left;symbol1=triangle;symbol1Width=7;symbol1Height=10;symbol1Align=right;symbol1VerticalAlign=top;symbol1Spacing=8;symbol1VSpacing=25;symbol1Direction=north;strokeWidth=2;align=center;`, 20, 420, 160, 90],
  ['composite-blue', `${s}composite;symbol0=rectangle;symbol1=ellipse;symbol1Width=20;symbol1Height=12;symbol1Align=center;symbol1VerticalAlign=bottom;symbol1VSpacing=6;symbol2=triangle;symbol2Width=10;symbol2Height=14;symbol2Align=left;symbol2VerticalAlign=middle;symbol2Spacing=6;symbol2Direction=south;${blue}`, 200, 420, 160, 90],
  ['composite-rounded', `${s}composite;symbol0=rectangle;rounded=1;symbol1=ellipse;symbol1Width=12;symbol1Height=12;symbol1Align=right;symbol1VerticalAlign=top;symbol1ArcSpacing=1;${green}`, 380, 420, 160, 90],
];

const ACTIVITY_CELLS: readonly Cell[] = [
  ['call', `${s}callBehAct;`, 20, 20, 120, 60],
  ['call-small', `${s}callBehAct;${blue}`, 160, 20, 40, 60],
  ['accept', `${s}accEvent;strokeWidth=2;`, 220, 20, 100, 60],
  ['accept-flip', `shape=mxgraph.sysml.accEvent;flipH=1;${green}`, 340, 20, 140, 40],
  ['time', `${s}timeEvent;`, 500, 20, 40, 50],
  ['time-blue', `${s}timeEvent;${blue}`, 560, 20, 30, 40],
  ['send', `${s}sendSigAct;strokeWidth=2;`, 610, 20, 100, 60],
  ['send-green', `${s}sendSigAct;${green}`, 730, 20, 140, 40],
  ['final', `${s}actFinal;strokeWidth=2;`, 20, 100, 40, 40],
  ['final-blue', `${s}actFinal;${blue}`, 80, 100, 50, 50],
  ['flow-final', `${s}flowFinal;strokeWidth=2;`, 150, 100, 40, 40],
  ['flow-final-green', `${s}flowFinal;${green}`, 210, 100, 50, 50],
  ['param-node', `${s}actParamNode;align=left;spacingLeft=15;verticalAlign=top;`, 280, 100, 300, 135],
  ['param-node-blue', `${s}actParamNode;${blue}`, 600, 100, 160, 100],
  ['cont-oper', `${s}contOper;`, 20, 260, 200, 100],
  ['cont-oper-green', `${s}contOper;${green}`, 240, 260, 100, 60],
  ['control', `${s}isControl;`, 360, 260, 120, 60],
  ['control-blue', `${s}isControl;${blue}`, 500, 260, 120, 60],
  ['stream', `${s}isStream;`, 640, 260, 120, 60],
  ['stream-green', `${s}isStream;${green}`, 780, 260, 120, 60],
  ['act-stream', `${s}isActStream;`, 20, 380, 200, 100],
  ['act-stream-blue', `${s}isActStream;${blue}`, 240, 380, 160, 80],
  ['param-set', `${s}paramSet;`, 420, 380, 160, 100],
  ['param-set-green', `${s}paramSet;${green}`, 600, 380, 160, 100],
  ['param-act-set', `${s}paramActSet;fontStyle=1;`, 20, 500, 250, 120],
  ['param-act-set-low', `${s}paramActSet;${blue}`, 290, 500, 200, 70],
  ['probability', `${s}probability;`, 510, 500, 160, 160],
  ['probability-blue', `${s}probability;${blue}`, 690, 500, 120, 120],
  ['act-prob', `${s}actProb;`, 20, 680, 200, 160],
  ['act-prob-low', `${s}actProb;${green}`, 240, 680, 160, 70],
  ['obj-flow-r', `${s}objFlowR;`, 420, 680, 120, 60],
  ['obj-flow-l', `${s}objFlowL;${blue}`, 560, 680, 120, 60],
];

const STATE_CELLS: readonly Cell[] = [
  ['part', `${s}actPart;strokeWidth=3;verticalAlign=top;`, 20, 20, 100, 160],
  ['cont', `${s}cont;`, 140, 20, 120, 40],
  ['cont-tall', `${s}cont;${blue}`, 280, 20, 40, 100],
  ['coregion', `${s}coregion;`, 340, 20, 20, 100],
  ['dimension', `${s}dimension;`, 380, 20, 200, 60],
  ['dimension-green', `${s}dimension;strokeColor=#82b366;`, 600, 20, 120, 40],
  ['comp-state', `${s}compState;align=left;verticalAlign=top;spacingTop=-3;`, 20, 200, 200, 120],
  ['comp-state-blue', `${s}compState;${blue}`, 240, 200, 160, 100],
  ['region', `${s}region;align=left;verticalAlign=top;spacingTop=-3;spacingLeft=25;`, 420, 200, 200, 160],
  ['region-green', `${s}region;strokeWidth=2;${green}`, 640, 200, 200, 160],
  ['simple', `${s}simpleState;overflow=fill;`, 20, 380, 200, 100],
  ['simple-blue', `${s}simpleState;${blue}`, 240, 380, 120, 60],
  ['machine', `${s}stateMachine;`, 380, 380, 160, 60],
  ['machine-green', `${s}stateMachine;${green}`, 560, 380, 120, 60],
  ['submachine', `${s}submState;`, 700, 380, 160, 60],
  ['x', 'shape=mxgraph.sysml.x;', 20, 500, 40, 40],
  ['x-blue', `shape=mxgraph.sysml.x;strokeWidth=2;${blue}`, 80, 500, 30, 40],
  ['use-case', `${s}useCaseExtPt;verticalAlign=top;`, 140, 500, 200, 100],
  ['use-case-green', `${s}useCaseExtPt;${green}`, 360, 500, 160, 80],
];

const u = 'html=1;shape=mxgraph.uml25.';
const d = 'html=1;whiteSpace=wrap;shape=mxgraph.dfd.';
const e = 'html=1;shape=mxgraph.eip.';
const b = 'html=1;whiteSpace=wrap;shape=mxgraph.bpmn.';

/** The other libraries' shapes drawn in code beside SysML's: UML 2.5, data flow, EIP and BPMN's last four. */
const OTHER_CELLS: readonly Cell[] = [
  ['input-pin', `${u}inputPin;`, 20, 20, 20, 20],
  ['input-pin-black', `${u}inputPin;strokeColor=#ffffff;fillColor=#000000;`, 60, 20, 20, 20],
  ['input-pin-flip', `${u}inputPin;flipH=1;`, 100, 20, 30, 30],
  ['behavior', `${u}behaviorAction;rounded=1;absoluteArcSize=1;arcSize=10;align=left;spacingLeft=5;`, 150, 20, 120, 60],
  ['behavior-small', `${u}behaviorAction;rounded=1;absoluteArcSize=1;arcSize=10;${blue}`, 290, 20, 50, 30],
  ['behavior-square', `${u}behaviorAction;${green}`, 360, 20, 120, 60],
  ['behavior-relative', `${u}behaviorAction;rounded=1;arcSize=0.2;`, 500, 20, 120, 60],
  ['action', `${u}action;absoluteArcSize=1;arcSize=10;dashed=0;spacingRight=10;`, 640, 20, 120, 60],
  ['action-flip', `${u}action;absoluteArcSize=1;arcSize=10;flipH=1;${blue}`, 780, 20, 120, 60],
  ['action-params', `${u}actionParams;absoluteArcSize=1;arcSize=10;`, 20, 100, 140, 60],
  ['action-params-green', `${u}actionParams;absoluteArcSize=1;arcSize=10;${green}`, 180, 100, 100, 50],
  ['start', `${d}start;`, 300, 100, 80, 30],
  ['start-tall', `${d}start;${blue}`, 400, 100, 30, 60],
  ['archive', `${d}archive;`, 450, 100, 60, 50],
  ['check', `${d}check2;`, 530, 100, 100, 40],
  ['check-green', `${d}check2;${green}`, 650, 100, 40, 60],
  ['external', `${d}externalEntity;`, 710, 100, 100, 60],
  ['external-blue', `${d}externalEntity;${blue}`, 830, 100, 80, 50],
  ['loop', `${d}loop;`, 20, 180, 100, 50],
  ['loop-green', `${d}loop;${green}`, 140, 180, 60, 60],
  ['mess-exp', `${e}messExp;`, 220, 180, 50, 50],
  ['mess-exp-blue', `${e}messExp;${blue}`, 290, 180, 40, 40],
  ['ret-addr', `${e}retAddr;`, 350, 180, 100, 80],
  ['ret-addr-green', `${e}retAddr;${green}`, 470, 180, 80, 60],
  ['anchor', `${e}anchor;`, 570, 180, 20, 20],
  ['channel', `${e}messageChannel;`, 20, 280, 100, 20],
  ['channel-blue', `${e}messageChannel;${blue}`, 140, 280, 150, 30],
  ['data-channel', `${e}dataChannel;`, 310, 280, 150, 20],
  ['dead-letter', `${e}deadLetterChannel;`, 480, 280, 100, 20],
  ['invalid', `${e}invalidMessageChannel;strokeWidth=2;`, 600, 280, 100, 20],
  ['send-marker', `${b}sendMarker;`, 20, 340, 40, 30],
  ['send-marker-black', `${b}sendMarker;fillColor=#000000;strokeColor=#ffffff;`, 80, 340, 30, 20],
  ['data', `${b}data;size=15;`, 130, 340, 40, 60],
  ['data-input', `${b}data;size=15;bpmnTransferType=input;${blue}`, 190, 340, 40, 60],
  ['data-output', `${b}data;size=15;bpmnTransferType=output;isCollection=1;`, 250, 340, 40, 60],
  ['data-collection', `${b}data;isCollection=1;${green}`, 310, 340, 60, 80],
  ['pool', `${b}swimlane;isCollection=1;startSize=30;`, 390, 340, 200, 120],
  ['pool-vertical', `${b}swimlane;horizontal=0;${blue}`, 610, 340, 200, 120],
  ['conversation', `${b}conversation;`, 20, 480, 56, 48],
  ['conversation-call', `${b}conversation;bpmnConversationType=call;isLoopSub=1;${green}`, 100, 480, 56, 48],
  ['conversation-sub', `${b}conversation;isLoopSub=1;strokeWidth=2;`, 180, 480, 80, 60],
  // diagrams.net reads these flags as set when present at all, =0 too, and an action's arcSize with no default.
  ['behavior-rounded-0', `${u}behaviorAction;rounded=0;absoluteArcSize=1;arcSize=10;`, 280, 480, 120, 60],
  ['action-no-arc', `${u}action;`, 420, 480, 120, 60],
  ['params-no-arc', `${u}actionParams;${blue}`, 560, 480, 120, 60],
  ['data-collection-0', `${b}data;isCollection=0;`, 700, 480, 40, 60],
  ['conversation-sub-0', `${b}conversation;isLoopSub=0;`, 760, 480, 56, 48],
];

/** Turned, rotated and flipped, and with labels where the shape places them (a pool's in its header). */
const TURNED_CELLS: readonly Cell[] = [
  ['send-south', `${s}sendSigAct;direction=south;`, 20, 20, 60, 100, 'Send'],
  ['accept-north', `${s}accEvent;direction=north;${blue}`, 100, 20, 60, 100, 'Accept'],
  ['port3-west', `${s}port3;direction=west;`, 180, 20, 100, 80],
  ['obj-flow-rotated', `${s}objFlowR;rotation=30;${green}`, 300, 30, 120, 60, 'Flow'],
  ['machine-flip', `${s}stateMachine;flipH=1;`, 440, 20, 160, 60, 'Machine'],
  ['act-param-flipv', `${s}actParamNode;flipV=1;`, 620, 20, 200, 100],
  ['composite-west', `${s}composite;symbol0=folder;tabWidth=50;tabHeight=15;symbol1=mxgraph.sysml.port1;symbol1Width=20;symbol1Height=10;symbol1Align=center;symbol1VerticalAlign=middle;direction=west;${blue}`, 20, 160, 160, 90, 'Model'],
  ['composite-east-symbol', `${s}composite;symbol0=ellipse;symbol1=triangle;symbol1Width=12;symbol1Height=12;symbol1Align=right;symbol1VerticalAlign=bottom;symbol1Spacing=10;symbol1VSpacing=10;symbol1Direction=west;`, 200, 160, 120, 80, 'Use'],
  ['archive-rotated', `${d}archive;rotation=45;`, 360, 160, 60, 50],
  ['external-flip', `${d}externalEntity;flipH=1;flipV=1;${green}`, 450, 160, 100, 60, 'User'],
  ['channel-north', `${e}deadLetterChannel;direction=north;`, 580, 140, 100, 20],
  ['ret-addr-south', `${e}retAddr;direction=south;`, 700, 160, 80, 60],
  ['pool-label', `${b}swimlane;startSize=30;`, 20, 300, 240, 120, 'Pool'],
  ['pool-vertical-label', `${b}swimlane;horizontal=0;isCollection=1;${green}`, 280, 300, 240, 120, 'Lane'],
  ['data-label', `${b}data;bpmnTransferType=output;verticalLabelPosition=bottom;verticalAlign=top;`, 540, 300, 40, 60, 'Order'],
  ['conversation-label', `${b}conversation;bpmnConversationType=call;`, 620, 300, 80, 60, 'Talk'],
  ['behavior-label', `${u}behaviorAction;rounded=1;absoluteArcSize=1;arcSize=10;align=left;spacingLeft=5;`, 720, 300, 120, 60, 'Behave'],
];

export const SYSML_MADE_HERE_XML = `<mxfile>${fileOf('Blocks', BLOCK_CELLS)}${fileOf('Activities', ACTIVITY_CELLS)}${fileOf('States', STATE_CELLS)}${fileOf('UML 2.5, DFD, EIP, BPMN', OTHER_CELLS)}${fileOf('Turned and labelled', TURNED_CELLS)}</mxfile>`;
