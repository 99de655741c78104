/**
 * Whether a domain's view is the one on screen. Every view the person has opened stays mounted
 * (so its state survives a switch); the hidden ones keep following their feed, but only the view
 * on screen takes the keyboard and names the window.
 */
import { createContext, useContext, type ReactNode } from 'react';

const ViewShownContext = createContext(true);

export function ViewShownProvider(props: { shown: boolean; children: ReactNode }) {
  return <ViewShownContext.Provider value={props.shown}>{props.children}</ViewShownContext.Provider>;
}

export function useViewShown(): boolean {
  return useContext(ViewShownContext);
}
