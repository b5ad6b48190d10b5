// The workbench of an app createApp made, for what is handed the app alone (closeApp, and
// createExpressServer's log of the requests node refuses). Held beside the app, not on it.
import type { Workbench } from '../workbench/workbench.js';

const workbenches = new WeakMap<object, Workbench>();

export function attachWorkbench(app: object, workbench: Workbench): void {
  workbenches.set(app, workbench);
}

/** The workbench of an app createApp made (fault rules, journal, seed); undefined for any other app. */
export function attachedWorkbench(app: object): Workbench | undefined {
  return workbenches.get(app);
}
