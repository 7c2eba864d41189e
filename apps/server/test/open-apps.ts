// The apps a test file has opened and not yet closed. Kept apart from helpers.ts so that the setup
// file that closes them (close-open-apps.ts) loads nothing else: the files that vi.mock a module
// must import the app themselves, after their mocks.
const openApps = new Set<{ close(): Promise<void> }>();

export function trackOpenApp(app: { close(): Promise<void> }) {
  openApps.add(app);
}

/** False when the app was closed already. */
export function untrackOpenApp(app: { close(): Promise<void> }): boolean {
  return openApps.delete(app);
}

export async function closeOpenApps() {
  for (const app of openApps) await app.close();
}
