/**
 * Takes away the screen index.html showed while the app loaded (public/startup-shell.js: the sign-in
 * screen, or the chat landing page of a signed-in visit): called before the browser paints the app's
 * own screen, and after the first route whatever it is.
 */
export function removeStartupShell(): void {
  document.getElementById('startup-shell')?.remove();
}

/** Which screen index.html shows: the sign-in screen or the landing page (data-shell of the holder). */
export function startupShellKind(): 'sign-in' | 'landing' | null {
  const kind = document.getElementById('startup-shell')?.getAttribute('data-shell');
  return kind === 'sign-in' || kind === 'landing' ? kind : null;
}
