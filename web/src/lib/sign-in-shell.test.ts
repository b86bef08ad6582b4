import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { removeSignInShell } from './sign-in-shell';
import { STORAGE_KEYS, writeStore } from './storage';

// public/sign-in-shell.js, run as index.html runs it: which of the build's sign-in templates a visit
// shows before the app starts, if any.
const script = readFileSync(join(__dirname, '../../public/sign-in-shell.js'), 'utf8');

/** The app's modules the head preloads. */
function preloaded(): string[] {
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

function visit(address: string): string | null {
  window.history.replaceState(null, '', address);
  document.head.innerHTML = '';
  document.body.innerHTML = ['zh-login', 'zh-register', 'en-login', 'en-register']
    .map((id) => `<template id="sign-in-shell-${id}"><p>${id}</p></template>`)
    .concat('<template id="sign-in-shell-styles"><style>p { margin: 0 }</style></template>')
    .concat('<template id="app-preloads"><link rel="modulepreload" href="/assets/a.js"></template>')
    .concat('<div id="root"></div>')
    .join('');
  new Function(script)();
  const shell = document.getElementById('sign-in-shell');
  return shell ? (shell.querySelector('p')?.textContent ?? '') : null;
}

describe('the sign-in screen index.html shows while the app loads', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('should show the Chinese sign-in panel to a first visit, inert, before #root', () => {
    expect(visit('/login')).toBe('zh-login');
    const shell = document.getElementById('sign-in-shell')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(shell.querySelector('style')?.textContent).toBe('p { margin: 0 }');
    expect(shell.nextElementSibling?.id).toBe('root');
    expect(document.documentElement.lang).toBe('zh-CN');
    // The app's modules do not compete with what the shell's paint needs.
    expect(preloaded()).toEqual([]);
    // Any other address goes to the sign-in page without a token.
    expect(visit('/wujie/char/talk')).toBe('zh-login');
  });

  it('should show the register panel where the address opens it, in the stored language', () => {
    writeStore({ name: STORAGE_KEYS.lang, content: 'en' });
    expect(visit('/register')).toBe('en-register');
    expect(visit('/login?redirect=%2Fregister')).toBe('en-register');
    expect(visit('/login?panel=register')).toBe('en-register');
    expect(document.documentElement.lang).toBe('en');
  });

  it('should show nothing, and preload the app, for a signed-in user, the agreement or the password recovery', () => {
    expect(visit('/agreement?tab=user')).toBeNull();
    expect(preloaded()).toEqual(['/assets/a.js']);
    expect(visit('/login?panel=forgot')).toBeNull();
    expect(preloaded()).toEqual(['/assets/a.js']);
    writeStore({ name: STORAGE_KEYS.token, content: 'a-token' });
    expect(visit('/login')).toBeNull();
    expect(preloaded()).toEqual(['/assets/a.js']);
  });

  it('should be taken away by the app', () => {
    visit('/login');
    removeSignInShell();
    expect(document.getElementById('sign-in-shell')).toBeNull();
  });
});
