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

const BARS: readonly Cell[] = [
  ['ios-app-bar', `${s4}iAppBar;strokeWidth=1;`, 20, 20, 175, 15],
  ['ios-app-bar-wide', `${s4}iAppBar;strokeWidth=1;`, 220, 20, 280, 20],
  ['ios-top-bar', `${s4}iTopBar;`, 20, 50, 175, 15],
  ['ios-top-bar2', `${s4}iTopBar2;fillColor=#999999;strokeColor=#cccccc;strokeWidth=1;`, 220, 50, 175, 15],
  ['ios-top-bar2-plain', `${s4}iTopBar2;`, 420, 50, 175, 15],
  ['ios-top-bar-locked', `${s4}iTopBarLocked;strokeWidth=1;`, 20, 80, 175, 15],
  ['ios-slider', `${s}iSlider;barPos=20;`, 20, 110, 150, 10],
  ['ios-slider-70', `${s}iSlider;barPos=70;`, 200, 105, 200, 20],
  ['ios-progress', `${s}iProgressBar;barPos=40;`, 20, 140, 150, 10],
  ['ios-progress-plain', `${s}iProgressBar;`, 200, 140, 200, 10],
  ['ios-cloud', `${s}iCloudProgressBar;barPos=20;`, 20, 170, 150, 10],
  ['ios-cloud-plain', `${s}iCloudProgressBar;`, 200, 170, 200, 10],
  ['ios-download', `${s2}iDownloadBar;verticalAlign=top;spacingTop=-4;fontSize=8;fontColor=#ffffff;buttonText=;barPos=30;align=center;`, 20, 200, 174, 30],
  ['ios-download-text', `${s2}iDownloadBar;buttonText=Downloading 2 of 6;barPos=75;`, 220, 200, 174, 30],
  ['ios-screen-name', `${s2}iScreenNameBar;fillColor2=#000000;fillColor3=#ffffff;buttonText=;fontColor=#ffffff;fontSize=10;`, 20, 250, 174, 25],
  ['ios-screen-name-text', `${s2}iScreenNameBar;fillColor2=#000000;fillColor3=#ffffff;buttonText=Screen Name;textColor=#ffffff;`, 220, 250, 174, 25],
  ['ios-screen-name-plain', `${s2}iScreenNameBar;buttonText=Name;`, 420, 250, 120, 25],
  ['ios-copy', `${s2}iCopy;fillColor=#000000;buttonText=;fontColor=#ffffff;fontSize=9;fillColor2=#000000;fillColor3=#ffffff;`, 20, 290, 40, 28],
  ['ios-copy-text', `${s2}iCopy;fillColor=#000000;buttonText=Copy;textColor=#ffffff;fillColor3=#ffffff;`, 80, 290, 60, 30],
  ['ios-copy-area', `${s2}iCopyArea;fillColor=#000000;fillColor2=#000000;fillColor3=#ffffff;buttonText=Copy;textColor=#ffffff;`, 160, 290, 100, 80],
  ['ios-copy-area-plain', `${s2}iCopyArea;`, 280, 290, 80, 60],
  ['ios-url', `${s4}iURLBar;verticalAlign=top;fontSize=8;spacingTop=-5;align=center;`, 20, 380, 175, 30],
  ['ios-url-text', `${s4}iURLBar;buttonText=Page title,https://www.draw.io/,Cancel;`, 220, 380, 175, 30],
  ['ios-loc', `${s2}iLocBar;align=left;spacingLeft=4;spacingBottom=4;fontColor=#ffffff;fontSize=10;barPos=80;pointerPos=bottom;buttonText=5th Street Music Store`, 20, 430, 155, 33],
  ['ios-loc-top', `${s2}iLocBar;barPos=20;pointerPos=top;`, 200, 430, 155, 33],
  ['ios-option', `${s2}iOption;barPos=80;pointerPos=bottom;buttonText=Option;fontSize=10;fontColor=#ffffff;spacingBottom=6;`, 20, 480, 75, 28],
  ['ios-option-top', `${s2}iOption;barPos=10;pointerPos=top;`, 120, 480, 100, 30],
];

const LISTS: readonly Cell[] = [
  ['ios-button-bar', `${s}iButtonBar;buttonText=Item 1,+Item 2,Item 3,Item 4;textColor=#999999;textColor2=#ffffff;strokeColor=#444444;strokeColor2=#c4c4c4;`, 20, 20, 165, 80],
  ['ios-button-bar-plain', `${s}iButtonBar;`, 200, 20, 165, 80],
  ['ios-button-bar-last', `${s}iButtonBar;buttonText=One,Two,+Three;fontSize=10;`, 380, 20, 120, 60],
  ['ios-button-bar-middle', `${s}iButtonBar;buttonText=One,+Two,Three;fontSize=10;fillColor=#eeeeee;`, 520, 20, 120, 60],
  ['ios-radio', `${s2}iRadioGroup;buttonText=Option 1,+Option 2,Option 3;fontSize=8;strokeColor=#444444;`, 20, 120, 80, 40],
  ['ios-radio-plain', `${s2}iRadioGroup;`, 120, 120, 80, 20],
  ['ios-checks', `${s2}iCheckboxGroup;buttonText=+Option 1,Option 2,+Option 3;fontSize=8;strokeColor=#444444;textColor2=#333333;`, 220, 120, 80, 40],
  ['ios-checks-plain', `${s2}iCheckboxGroup;`, 320, 120, 80, 20],
  ['ios-alpha', `${s}iAlphaList;fontSize=7.5;`, 20, 180, 15, 225],
  ['ios-alpha-plain', `${s}iAlphaList;`, 50, 180, 20, 300],
  ['ios-grid', `${s}iIconGrid;gridSize=3,3;`, 100, 180, 150, 150],
  ['ios-grid-4x2', `${s}iIconGrid;gridSize=4,2;fillColor=#dae8fc;strokeColor=#6c8ebf;`, 270, 180, 200, 80],
  ['ios-home-page', `${s}iHomePageControl;fillColor=#666666;strokeColor=#cccccc;`, 100, 350, 50, 5],
  ['ios-page', `${s}iPageControl;fillColor=#666666;strokeColor=#cccccc;`, 170, 350, 50, 5],
  ['ios-page-big', `${s}iPageControl;`, 240, 345, 100, 16],
  ['ios-home-page-big', `${s}iHomePageControl;`, 360, 345, 100, 16],
  ['ios-dir', `${s}iDir;`, 100, 380, 100, 100],
  ['ios-alert', `${s2}iAlertBox;`, 270, 380, 150, 100],
  ['ios-alert-text', `${s2}iAlertBox;buttonText=Alert,OK,Something happened,Try again;`, 440, 380, 150, 100],
  ['ios-dialog', `${s2}iDialogBox;buttonText=Title,Cancel,OK,First line,Second line;`, 270, 500, 150, 100],
  ['ios-dialog-plain', `${s2}iDialogBox;strokeColor=#ffffff;`, 440, 500, 150, 100],
];

const DEVICES: readonly Cell[] = [
  ['ios-iphone', `${s}iPhone;bgStyle=bgGreen;fillColor=#aaaaaa;`, 20, 20, 200, 400],
  ['ios-iphone-map', `${s}iPhone;bgStyle=bgMap;`, 240, 20, 160, 320],
  ['ios-iphone-land', `${s}iPhone;direction=north;bgStyle=bgStriped;fillColor=#aaaaaa;`, 420, 20, 300, 150],
  ['ios-iphone-white', `${s}iPhone;bgStyle=bgWhite;`, 420, 190, 100, 200],
  ['ios-iphone-flat', `${s}iPhone;bgStyle=bgFlat;fillColor=#dae8fc;`, 540, 190, 100, 200],
  ['ios-iphone-gray', `${s}iPhone;bgStyle=bgGray;`, 660, 190, 100, 200],
  ['ios-ipad', `${s}iPad;bgStyle=bgGreen;fillColor=#aaaaaa;`, 20, 440, 243, 312],
  ['ios-ipad-map', `${s}iPad;bgStyle=bgMap;`, 280, 440, 243, 312],
  ['ios-ipad-land', `${s}iPad;direction=north;bgStyle=bgStriped;fillColor=#aaaaaa;`, 540, 440, 312, 243],
  ['ios-bg-white', `${s}iBgFlat;strokeColor=#18211b;`, 20, 780, 88, 140],
  ['ios-bg-green', `${s}iBgFlat;strokeColor=#18211b;fillColor=#1f2923;`, 120, 780, 88, 140],
  ['ios-bg-striped', `${s}iBgStriped;strokeColor=#18211b;fillColor=#5D7585;strokeColor2=#657E8F;`, 220, 780, 88, 140],
  ['ios-bg-map', `${s}iBgMap;strokeColor=#18211b;strokeColor2=#008cff;fillColor2=#96D1FF;`, 320, 780, 175, 280],
  ['ios-bg-striped-plain', `${s}iBgStriped;`, 520, 780, 88, 140],
  ['ios-bg-map-plain', `${s}iBgMap;`, 620, 780, 88, 140],
];

export const IOS_MADE_HERE_XML = `<mxfile>${fileOf('Controls', CONTROLS)}${fileOf('Bars', BARS)}${fileOf('Lists', LISTS)}${fileOf('Devices', DEVICES)}</mxfile>`;
