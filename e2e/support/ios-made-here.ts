/**
 * Made here for the viewer comparison: the iOS 6 palette's shapes diagrams.net draws in code
 * (mxMockupiOS.js), with the palette's own styles, their variants and parameters, and without
 * colours of their own (the default vertex style's); none of them is in the corpus.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const IOS_MADE_HERE = 'ios-shapes.drawio';

/** The palette's style prefixes (below-labelled shapes, the rest, bare ones) and its icons' and buttons' colours. */
const { s, s2, s4, blueIcon, redIcon, button } = {
  s: 'verticalLabelPosition=bottom;verticalAlign=top;html=1;shadow=0;dashed=0;strokeWidth=1;shape=mxgraph.ios.',
  s2: 'strokeWidth=1;html=1;shadow=0;dashed=0;shape=mxgraph.ios.',
  s4: 'html=1;shadow=0;dashed=0;shape=mxgraph.ios.',
  blueIcon: 'fillColor=#8BbEff;fillColor2=#135Ec8;strokeColor=#ffffff;',
  redIcon: 'fillColor=#e8878E;fillColor2=#BD1421;strokeColor=#ffffff;',
  button: 'strokeColor=#444444;fontColor=#ffffff;fontSize=8;fillColor=#dddddd;fillColor2=#3D5565;',
};

const CONTROLS: readonly Cell[] = [
  ['ios-button', `${s2}iButton;${button}buttonText=;`, 20, 20, 44, 15],
  ['ios-button-text', `${s2}iButton;${button}buttonText=Done;textColor2=#ffffff;fontSize=10;`, 80, 20, 60, 20],
  ['ios-button-plain', `${s2}iButton;`, 160, 20, 80, 24],
  ['ios-back', `${s2}iButtonBack;${button}buttonText=Back;textColor2=#ffffff;fontSize=9;`, 20, 60, 60, 20],
  ['ios-forward', `${s2}iButtonFw;${button}buttonText=Next;textColor2=#ffffff;fontSize=9;`, 100, 60, 60, 20],
  ['ios-back-plain', `${s2}iButtonBack;`, 180, 60, 100, 30],
  ['ios-prev-next', `${s}iPrevNext;strokeColor=#444444;fillColor=#dddddd;fillColor2=#3D5565;fillColor3=#ffffff;`, 20, 110, 60, 20],
  ['ios-prev-next-wide', `${s}iPrevNext;strokeColor=#333333;fillColor=#ffffff;fillColor2=#999999;fillColor3=#000000;strokeWidth=2;`, 100, 110, 100, 30],
  ['ios-text-input', `${s2}iTextInput;strokeColor=#444444;buttonText=;fontSize=8;`, 20, 160, 44, 15],
  ['ios-text-input-text', `${s2}iTextInput;strokeColor=#444444;buttonText=Name;fontSize=10;fillColor=#ffffee;`, 80, 160, 80, 20],
  ['ios-combo', `${s2}iComboBox;strokeColor=#444444;fontColor=#666666;buttonText=;fontSize=8;fillColor=#dddddd;fillColor2=#3D5565;`, 180, 160, 58, 15],
  ['ios-combo-text', `${s2}iComboBox;strokeColor=#444444;buttonText=Option 1;fontSize=10;fillColor=#dddddd;fillColor2=#3D5565;`, 260, 160, 100, 20],
  ['ios-on', `${s2}iOnOffButton;mainText=;strokeColor=#444444;buttonState=on;`, 20, 200, 44, 15],
  ['ios-on-text', `${s2}iOnOffButton;strokeColor=#444444;buttonState=on;`, 80, 200, 60, 20],
  ['ios-off-text', `${s2}iOnOffButton;strokeColor=#444444;buttonState=off;`, 160, 200, 60, 20],
  ['ios-off-narrow', `${s2}iOnOffButton;strokeColor=#444444;buttonState=off;mainText=No;`, 240, 200, 20, 20],
  ['ios-lock', `${s2}iLockButton;fontColor=#cccccc;fontSize=13;mainText=;`, 20, 240, 174, 50],
  ['ios-lock-text', `${s2}iLockButton;`, 220, 240, 200, 60],
  ['ios-arrow', `${s}iArrowIcon;${blueIcon}`, 20, 320, 15, 15],
  ['ios-delete', `${s}iDeleteIcon;${redIcon}`, 50, 320, 15, 15],
  ['ios-add', `${s}iAddIcon;fillColor=#7AdF78;fillColor2=#1A9917;strokeColor=#ffffff;`, 80, 320, 15, 15],
  ['ios-info', `${s}iInfoIcon;${blueIcon}`, 110, 320, 15, 15],
  ['ios-sort', `${s}iSortFindIcon;${blueIcon}`, 140, 320, 15, 15],
  ['ios-check', `${s}iCheckIcon;${redIcon}`, 170, 320, 15, 15],
  ['ios-delete-app', `${s}iDeleteApp;fillColor=#cccccc;fillColor2=#000000;strokeColor=#ffffff;`, 200, 320, 15, 15],
  ['ios-info-big', `${s}iInfoIcon;${blueIcon}`, 230, 310, 40, 40],
  ['ios-sort-big', `${s}iSortFindIcon;${blueIcon}`, 290, 310, 40, 40],
  ['ios-arrow-plain', `${s}iArrowIcon;`, 350, 310, 40, 40],
  ['ios-check-plain', `${s}iCheckIcon;fillColor2=#cccccc;`, 410, 310, 40, 40],
  ['ios-top-button', `${s4}topButton;fillColor=#ffffff;strokeColor=#999999;`, 20, 370, 100, 30],
  ['ios-bottom-button', `${s4}bottomButton;rSize=5;fillColor=#dae8fc;strokeColor=#6c8ebf;`, 140, 370, 100, 30],
  ['ios-checkbox', `${s4}checkbox;fillColor=#ffffff;strokeColor=#333333;`, 260, 370, 20, 20],
  ['ios-fancy', `${s4}fancyRRect;rSize=8;fillColor=#497198;strokeColor=#ffffff;`, 300, 370, 120, 80],
  ['ios-fancy-plain', `${s4}fancyRRect;`, 440, 370, 100, 60],
];

export const IOS_MADE_HERE_XML = `<mxfile>${fileOf('Controls', CONTROLS)}</mxfile>`;
