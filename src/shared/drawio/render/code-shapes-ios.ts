/** The iOS 6 palette's shapes diagrams.net draws in code (mxMockupiOS.js), gathered for the registry. */
import type { Painter } from './code-shape-context';
import { IOS_CONTROL_SHAPES } from './code-shapes-ios-controls';

export const IOS_SHAPES: Readonly<Record<string, Painter>> = { ...IOS_CONTROL_SHAPES };
