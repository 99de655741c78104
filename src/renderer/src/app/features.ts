/** The studio's views, in the switcher's order: one line each (a view is its feature folder plus its line here). */
import { architectureFeature } from '../features/architecture/feature';
import { contextFeature } from '../features/context/feature';
import { drawioFeature } from '../features/drawio/feature';
import { midiFeature } from '../features/midi/feature';
import { tasksFeature } from '../features/tasks/feature';
import { testenvFeature } from '../features/testenv/feature';
import type { Feature } from './feature';

export const FEATURES: readonly Feature[] = [drawioFeature, midiFeature, testenvFeature, tasksFeature, architectureFeature, contextFeature];
