/** The iOS 6 palette's shapes diagrams.net draws in code (mxMockupiOS.js), gathered for the registry. */
import type { Painter } from './code-shape-context';
import { IOS_BAR_SHAPES } from './code-shapes-ios-bars';
import { IOS_CALL_SHAPES } from './code-shapes-ios-call';
import { IOS_CONTROL_SHAPES } from './code-shapes-ios-controls';
import { IOS_DEVICE_SHAPES } from './code-shapes-ios-devices';
import { IOS_KEYBOARD_SHAPES } from './code-shapes-ios-keyboards';
import { IOS_LIST_SHAPES } from './code-shapes-ios-lists';

export const IOS_SHAPES: Readonly<Record<string, Painter>> = { ...IOS_CONTROL_SHAPES, ...IOS_BAR_SHAPES, ...IOS_LIST_SHAPES, ...IOS_DEVICE_SHAPES, ...IOS_CALL_SHAPES, ...IOS_KEYBOARD_SHAPES };
