/**
 * Made here for the viewer comparison: the UI widget libraries diagrams.net draws in code
 * (mxBootstrap.js, ios7/mxIOS7Ui.js, mxAndroid.js, mxGmdl.js), each shape in its variants and
 * parameters, with the palette's colours and with none of its own (the default vertex style's).
 */
export const WIDGETS_MADE_HERE = 'widgets-shapes.drawio';

type Cell = readonly [id: string, style: string, x: number, y: number, w: number, h: number];

const bs = 'html=1;shadow=0;dashed=0;shape=mxgraph.bootstrap.';

const BOOTSTRAP_CELLS: readonly Cell[] = [
  ['rrect', `${bs}rrect;rSize=5;strokeColor=#B8DCFE;fillColor=#CCE7FE;`, 20, 20, 200, 40],
  ['rrect-plain', `${bs}rrect;`, 240, 20, 100, 40],
  ['top', `${bs}topButton;rSize=5;fillColor=#F7F7F7;strokeColor=#CCCCCC;`, 20, 80, 160, 40],
  ['bottom', `${bs}bottomButton;rSize=5;fillColor=#C6C8CA;strokeColor=#ADAFB1;`, 200, 80, 160, 40],
  ['right', `${bs}rightButton;rSize=5;fillColor=#F1F1F1;strokeColor=#999999;`, 380, 80, 80, 40],
  ['left', `${bs}leftButton;rSize=5;fillColor=#0085FC;strokeColor=none;`, 480, 80, 80, 40],
  ['left-plain', `${bs}leftButton;`, 580, 80, 80, 40],
  ['striped', `${bs}leftButtonStriped;fillColor=#0085FC;`, 20, 140, 300, 20],
  ['striped-short', `${bs}leftButtonStriped;fillColor=#DB524C;`, 340, 140, 45, 30],
  ['pill', `${bs}roundedButton;fillColor=#0085FC;strokeColor=#0071D5;`, 400, 140, 100, 30],
  ['pill-tall', `${bs}roundedButton;`, 520, 140, 30, 80],
  ['arrow', `${bs}arrow;strokeColor=#999999;`, 20, 180, 60, 20],
  ['tab', `${bs}tabTop;strokeColor=#DFDFDF;fillColor=#ffffff;rSize=5;`, 100, 180, 100, 40],
  ['tab-plain', `${bs}tabTop;fillColor=#dae8fc;`, 220, 180, 100, 40],
  ['image', `${bs}image;rSize=5;fillColor=#ADB5BD;strokeColor=#DFDFDF;`, 340, 180, 100, 80],
  ['image-plain', `${bs}image;`, 580, 180, 80, 60],
  ['checkbox', `${bs}checkbox;fillColor=#ffffff;strokeColor=#999999;`, 20, 240, 20, 20],
  ['checkbox2', `${bs}checkbox2;gradientColor=#DEDEDE;fillColor=#EDEDED;checked=0;checkedFill=#0085FC;checkedStroke=#ffffff;`, 60, 240, 20, 20],
  ['checkbox2-none', `${bs}checkbox2;gradientColor=#DEDEDE;fillColor=#EDEDED;strokeColor=#999999;`, 100, 240, 20, 20],
  ['checkbox2-on', `${bs}checkbox2;fillColor=#EDEDED;checked=1;checkedFill=#0085FC;checkedStroke=#ffffff;`, 140, 240, 20, 20],
  ['radio', `${bs}radioButton;fillColor=#ffffff;strokeColor=#0085FC;`, 180, 240, 20, 20],
  ['radio2', `${bs}radioButton2;gradientColor=#DEDEDE;fillColor=#EDEDED;checked=1;checkedFill=#0085FC;checkedStroke=#ffffff;`, 220, 240, 20, 20],
  ['radio2-none', `${bs}radioButton2;fillColor=#EDEDED;strokeColor=#666666;`, 260, 240, 20, 20],
  ['lines', `${bs}horLines;fillColor=#F8F9FA;strokeColor=#DFDFDF;`, 20, 280, 300, 40],
  ['user', `${bs}user2;fillColor=#6C767D;strokeColor=none;`, 340, 280, 40, 40],
  ['user-plain', `${bs}user2;`, 400, 280, 60, 40],
  ['rating', `${bs}rating;fillColor=#FFCC00;strokeColor=#999999;grade=3;ratingScale=5;`, 20, 340, 150, 25],
  ['rating-heart', `${bs}rating;ratingStyle=heart;fillColor=#e51400;emptyFillColor=#eeeeee;grade=2;ratingScale=4;`, 190, 340, 130, 25],
  ['anchor', `${bs}anchor;`, 340, 340, 40, 20],
  ['range', `${bs}rangeInput;dx=0.6;strokeColor=#0085FC;fillColor=#DEE2E6;`, 20, 390, 200, 20],
  ['range-rect', `${bs}rangeInput;dx=0.78;strokeColor=#9D968E;fillColor=#E3DDD8;gradientColor=#F4F2EF;gradientDirection=north;rangeStyle=rect;handleStyle=rect;`, 240, 380, 200, 30],
  ['range-fade', `${bs}rangeInput;dx=0.2;fillColor=#dae8fc;rangeStyle=rect;`, 460, 390, 160, 20],
  ['switch', `${bs}switch;strokeColor=#ADB6BD;fillColor=#E9ECEF;buttonState=0;`, 20, 440, 40, 20],
  ['switch-on', `${bs}switch;strokeColor=#ADB6BD;fillColor=#ffffff;onFillColor=#0085FC;`, 80, 440, 40, 20],
  ['switch-on-1', `${bs}switch;buttonState=1;onFillColor=#60a917;onStrokeColor=#ffff00;`, 140, 440, 30, 20],
  ['x', `${bs}x;strokeColor=#808080;strokeWidth=2;`, 200, 440, 15, 15],
  ['popover', `${bs}popover;fillColor=#1A1A1A;strokeColor=none;dx=45;dy=5;rSize=5;`, 240, 440, 120, 60],
  ['popover-north', `${bs}popover;fillColor=#1A1A1A;strokeColor=none;dx=12;dy=5;rSize=5;direction=north;`, 380, 440, 60, 120],
  ['popover-plain', `${bs}popover;dx=60;dy=15;`, 460, 440, 140, 70],
  // Turned, flipped, dashed and thick, as the canvas turns every code shape.
  ['popover-west', `${bs}popover;fillColor=#1A1A1A;strokeColor=none;dx=55;dy=5;rSize=5;direction=west;`, 20, 520, 120, 40],
  ['tab-flipped', `${bs}tabTop;strokeColor=#999999;fillColor=#f5f5f5;rSize=8;flipV=1;`, 160, 520, 100, 40],
  ['switch-turned', `${bs}switch;rotation=30;buttonState=0;strokeColor=#ADB6BD;fillColor=#E9ECEF;`, 280, 520, 40, 20],
  ['striped-dashed', `${bs}leftButtonStriped;fillColor=#59B958;dashed=1;strokeWidth=2;`, 340, 520, 120, 20],
  ['checkbox-thick', `${bs}checkbox;strokeColor=#0085FC;strokeWidth=2;`, 480, 520, 24, 24],
];

const an = 'html=1;shadow=0;dashed=0;strokeWidth=1;shape=mxgraph.android.';

const ANDROID_CELLS: readonly Cell[] = [
  ['tabs', `${an}tabBar;mainText=Tab 1,+Tab 2,Tab 3;fillColor=#222222;strokeColor=#444444;strokeColor2=#666666;fillColor2=#333333;textColor=#aaaaaa;textColor2=#ffffff;textSize=12;`, 20, 20, 300, 30],
  ['tabs-first', `${an}tabBar;fillColor=#ffffff;strokeColor=#999999;textSize=12;`, 340, 20, 240, 30],
  ['phone', `${an}phone;strokeColor=#c0c0c0;fillColor=#ffffff;`, 600, 20, 100, 200],
  ['status', `${an}statusBar;fillColor=#000000;strokeColor=#ffffff;fontColor=#ffffff;fontSize=10;`, 20, 70, 300, 20],
  ['status-plain', `${an}statusBar;`, 340, 70, 200, 20],
  ['checks', `${an}checkboxGroup;buttonText=+Option 1, Option 2,+Option 3;fontSize=8;strokeColor=#666666;strokeColor2=#cccccc;`, 20, 110, 100, 50],
  ['radios', `${an}radioGroup;buttonText=Option 1,+Option 2, Option 3;fontSize=8;strokeColor=#33b5e5;`, 140, 110, 100, 50],
  ['menu', `${an}menuBar;fillColor=#f5f5f5;strokeColor=#999999;`, 260, 110, 120, 60],
  ['handles', `${an}textSelHandles;fillColor=#33b5e5;strokeColor=#0099cc;`, 400, 110, 120, 40],
  ['spinner', `${an}indeterminateSpinner;`, 540, 240, 50, 50],
  ['rrect', `${an}rrect;rSize=0;fillColor=#444444;strokeColor=none;`, 20, 190, 120, 15],
  ['rrect-round', `${an}rrect;fillColor=#33b5e5;`, 160, 190, 80, 30],
  ['checkbox', `${an}checkbox;fillColor=#ffffff;strokeColor=#33b5e5;`, 260, 190, 15, 15],
  ['anchor', `${an}anchor;`, 300, 190, 40, 20],
  ['progress', `${an}progressBar;strokeColor=#33b5e5;dx1=0.8;dx2=0.6;strokeWidth=2;`, 20, 240, 200, 10],
  ['progress-plain', `${an}progressBar;`, 240, 240, 200, 10],
  ['scrub-disabled', `${an}progressScrubberDisabled;dx=0.3;fillColor=#33b5e5;`, 20, 270, 200, 30],
  ['scrub-focused', `${an}progressScrubberFocused;dx=0.5;fillColor=#33b5e5;`, 240, 270, 200, 30],
  ['scrub-pressed', `${an}progressScrubberPressed;dx=0.7;fillColor=#33b5e5;strokeColor=#99dd99;`, 20, 320, 200, 30],
  ['quick2', `${an}quickscroll2;dy=0.5;fillColor=#33b5e5;strokeColor=#66D5F5;`, 240, 320, 50, 150],
  ['quick2-top', `${an}quickscroll2;dy=0;fillColor=#33b5e5;`, 310, 320, 60, 150],
  ['quick3', `${an}quickscroll3;dy=0.3;fillColor=#33b5e5;strokeColor=#66D5F5;`, 390, 320, 6, 150],
  ['scrollbars', `${an}scrollbars2;fillColor=#999999;strokeColor=none;`, 420, 320, 100, 150],
  ['spinner2', `${an}spinner2;fillColor=#33b5e5;strokeColor=#33b5e5;`, 20, 380, 150, 30],
  ['spinner2-plain', `${an}spinner2;`, 20, 430, 150, 30],
  ['spinner2-flipped', `${an}spinner2;flipH=1;strokeColor=#999999;fillColor=#999999;`, 20, 480, 150, 30],
  ['progress-dashed', `${an}progressBar;strokeColor=#33b5e5;dashed=1;strokeWidth=3;`, 200, 480, 200, 10],
  ['handles-south', `${an}textSelHandles;direction=south;fillColor=#33b5e5;strokeColor=#0099cc;`, 420, 480, 40, 120],
];

const gm = 'html=1;dashed=0;shape=mxgraph.gmdl.';

const GMDL_CELLS: readonly Cell[] = [
  ['player', `${gm}player;fillColor=#4E4E4E;strokeColor=none;`, 20, 20, 300, 50],
  ['player-thin', `${gm}player;fillColor=#4E4E4E;strokeColor=none;`, 340, 20, 30, 10],
  ['switch-on', `${gm}switch;fillColor=#009587;strokeColor=none;`, 20, 90, 35, 20],
  ['switch-off', `${gm}switch;switchState=off;strokeColor=#cccccc;`, 80, 90, 35, 20],
  ['margin', `${gm}marginRect;rectMargin=5;rectMarginTop=10;fillColor=#ffffff;strokeColor=#cccccc;`, 140, 90, 120, 60],
  ['slider-normal', `${gm}sliderNormal;handleSize=10;strokeColor=#bbbbbb;`, 20, 170, 150, 20],
  ['slider2', `${gm}slider2;barPos=40;strokeColor=#3F51B5;fillColor=#3F51B5;handleSize=10;`, 190, 170, 150, 20],
  ['slider-focused', `${gm}sliderFocused;barPos=60;handleSize=20;strokeColor=#3F51B5;fillColor=#3F51B5;`, 360, 170, 150, 20],
  ['slider-disabled', `${gm}sliderDisabled;hPos=30;handleSize=10;strokeColor=#BBBBBB;fillColor=#BBBBBB;`, 20, 210, 150, 20],
  ['slider-disabled2', `${gm}sliderDisabled2;hPos=0;handleSize=10;strokeColor=#BBBBBB;fillColor=#BBBBBB;`, 190, 210, 150, 20],
  ['discrete', `${gm}sliderDiscrete;barPos=40;fillColor=#3F51B5;strokeColor=#3F51B5;fontColor=#ffffff;fontSize=10;`, 20, 260, 200, 60],
  ['discrete-dots', `${gm}sliderDiscreteDots;barPos=60;fillColor=#3F51B5;strokeColor=#3F51B5;fontColor=#ffffff;fontSize=10;`, 240, 260, 200, 60],
  ['discrete-dots-low', `${gm}sliderDiscreteDots;barPos=5;bright=0;strokeColor=#3F51B5;fontSize=10;`, 460, 260, 200, 60],
  ['progress', `${gm}progressBar;strokeColor=#3F51B5;dx1=0.6;strokeWidth=2;`, 20, 340, 200, 10],
  ['progress-plain', `${gm}progressBar;`, 240, 340, 200, 10],
  ['switch-turned', `${gm}switch;rotation=90;fillColor=#009587;strokeColor=none;`, 460, 340, 35, 20],
  ['slider2-thick', `${gm}slider2;barPos=70;strokeColor=#3F51B5;fillColor=#3F51B5;strokeWidth=3;handleSize=14;`, 20, 380, 200, 20],
  ['player-flipped', `${gm}player;flipH=1;fillColor=#4E4E4E;strokeColor=none;`, 240, 380, 200, 40],
];

const i7 = 'html=1;shadow=0;dashed=0;strokeWidth=1;shape=mxgraph.ios7ui.';

const IOS7_CELLS: readonly Cell[] = [
  ['appbar', `${i7}appBar;fillColor=#ffffff;strokeColor=#000000;`, 20, 20, 300, 20],
  ['appbar-dark', `${i7}appBar;fillColor=#000000;fillColor2=#ffffff;strokeColor=#ffffff;`, 340, 20, 300, 20],
  ['switch-on', `${i7}onOffButton;buttonState=on;strokeColor=#38D145;strokeWidth=1;fillColor=#38D145;`, 20, 60, 40, 20],
  ['switch-off', `${i7}onOffButton;buttonState=off;strokeColor=#38D145;strokeWidth=1;fillColor=#ffffff;`, 80, 60, 40, 20],
  ['switch-off-own', `${i7}onOffButton;buttonState=off;strokeColor2=#ff0000;fillColor2=#ffeeee;`, 140, 60, 40, 20],
  ['slider', `${i7}slider;strokeColor=#0080F0;fillColor=#ffffff;barPos=30;handleSize=16;`, 200, 60, 150, 20],
  ['slider-plain', `${i7}slider;`, 370, 60, 150, 20],
  ['download', `${i7}downloadBar;buttonText=Downloading;barPos=40;strokeColor=#0080F0;fillColor=#cccccc;`, 20, 100, 200, 30],
  ['icon', `${i7}icon;buttonText=App;`, 240, 100, 40, 40],
  ['icon-blank', `${i7}icon;`, 300, 100, 30, 30],
  ['buttons', `${i7}horButtonBar;strokeColor=#0080f0;fillColor=#ffffff;textColor=#0080f0;textColor2=#ffffff;fontSize=10;`, 20, 160, 240, 30],
  ['buttons-last', `${i7}horButtonBar;buttonText=One,Two,+Three;strokeColor=#0080f0;`, 280, 160, 240, 30],
  ['buttons-middle', `${i7}horButtonBar;buttonText=A,+B,C;fontSize=10;`, 540, 160, 100, 20],
  ['pages', `${i7}pageControl;strokeColor=#999999;fillColor=#0080f0;`, 20, 210, 60, 10],
  ['grid', `${i7}iconGrid;fillColor=#c0c0c0;gridSize=3,3;`, 100, 210, 80, 80],
  ['grid-plain', `${i7}iconGrid;`, 200, 210, 60, 100],
  ['phone', `${i7}phone;strokeColor=#c0c0c0;`, 560, 200, 100, 200],
  ['search', `${i7}searchBox;fillColor=#e0e0e0;strokeColor=#cccccc;buttonText=Find;`, 280, 210, 200, 30],
  ['url', `${i7}url;fillColor=#f0f0f0;buttonText=example.com;`, 280, 260, 240, 30],
  ['dialog', `${i7}actionDialog;fillColor=#f8f8f8;textColor=#0080f0;textSize=14;`, 20, 320, 200, 80],
  ['dialog-plain', `${i7}actionDialog;`, 240, 320, 200, 100],
  ['anchor', `${i7}anchor;`, 460, 320, 40, 20],
  ['rrect', `${i7}rrect;rSize=3;fillColor=#0080f0;strokeColor=none;`, 20, 420, 100, 30],
  ['left', `${i7}leftButton;rSize=5;fillColor=#0080f0;strokeColor=#0080f0;`, 140, 420, 50, 30],
  ['right', `${i7}rightButton;rSize=5;fillColor=#ffffff;strokeColor=#0080f0;`, 190, 420, 50, 30],
  ['top', `${i7}topButton;rSize=5;fillColor=#ffffff;strokeColor=#cccccc;`, 260, 420, 100, 30],
  ['bottom', `${i7}bottomButton;rSize=5;fillColor=#ffffff;strokeColor=#cccccc;`, 260, 450, 100, 30],
  ['lines', `${i7}horLines;fillColor=#ffffff;strokeColor=#cccccc;`, 380, 420, 120, 30],
  ['margin', `${i7}marginRect;rx=3;ry=3;rectMargin=5;rectMarginTop=10;fillColor=#ffffff;strokeColor=#0080f0;`, 520, 420, 120, 60],
  ['margin-square', `${i7}marginRect;rectMarginLeft=20;`, 20, 470, 100, 40],
  ['callout', `${i7}callout;fillColor=#1aa3ff;strokeColor=none;`, 140, 500, 120, 50],
  ['callout-small', `${i7}callout;`, 280, 500, 25, 50],
  ['select', `${i7}selectBar;fillColor=#333333;strokeColor=#ffffff;dx=100;dx2=60;size=5;dy=5;`, 320, 500, 240, 30],
  ['select-plain', `${i7}selectBar;`, 20, 560, 200, 30],
  ['callout-flipped', `${i7}callout;flipH=1;fillColor=#e6e6e6;strokeColor=none;`, 240, 560, 120, 50],
  ['icon-turned', `${i7}icon;rotation=45;buttonText=Go;`, 380, 560, 40, 40],
  ['switch-north', `${i7}onOffButton;direction=north;buttonState=on;fillColor=#38D145;strokeColor=#38D145;`, 450, 560, 20, 40],
  ['buttons-dashed', `${i7}horButtonBar;dashed=1;strokeWidth=2;fontSize=10;strokeColor=#0080f0;`, 500, 560, 150, 24],
];

function pageOf(name: string, cells: readonly Cell[]): string {
  const xml = cells.map(
    // Ids are the file's, not the page's: each page's carry its name.
    ([id, style, x, y, w, h]) => `<mxCell id="${name.toLowerCase()}-${id}" value="" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`,
  );
  return `<diagram id="${name.toLowerCase()}" name="${name}"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${xml.join('')}</root></mxGraphModel></diagram>`;
}

export const WIDGETS_MADE_HERE_XML = `<mxfile>${pageOf('Bootstrap', BOOTSTRAP_CELLS)}${pageOf('Android', ANDROID_CELLS)}${pageOf('Material', GMDL_CELLS)}${pageOf('iOS7', IOS7_CELLS)}</mxfile>`;
