/**
 * Takes away the sign-in screen index.html showed while the app loaded (public/sign-in-shell.js): called
 * before the browser paints the app's own screen, and after the first route whatever it is.
 */
export function removeSignInShell(): void {
  document.getElementById('sign-in-shell')?.remove();
}

/** Whether index.html shows the sign-in screen (public/sign-in-shell.js put it there). */
export function signInShellShown(): boolean {
  return document.getElementById('sign-in-shell') !== null;
}
