// Shows the sign-in screen index.html carries (rendered at build time, vite.config.ts signInShell) while
// the app's JavaScript loads, when the visit will land on it: no session token, and not the agreement
// page (the route guard sends every other address to /login). In the stored language (saas.lang, zh by
// default), on the register panel when the address asks for it. Inert, beside #root: the app takes it
// away (removeSignInShell) when it draws its own. A script of its own (the page's Content-Security-Policy
// allows no inline script), parser-blocking at the end of the body: it runs before the app's modules,
// and the first paint shows what it puts in.
//
// When there is no shell to show, the app draws the first screen itself: then its modulepreloads (kept
// in a template, so that they do not share a phone's link with what the shell's first paint needs) go
// in the head at once.
(function showSignInShell() {
  function stored(key) {
    try {
      var record = JSON.parse(localStorage.getItem('wujie-' + key) || 'null');
      return record && record.content;
    } catch (_unreadable) {
      return undefined;
    }
  }
  function preloadApp() {
    var preloads = document.getElementById('app-preloads');
    if (preloads) document.head.appendChild(preloads.content.cloneNode(true));
  }
  var root = document.getElementById('root');
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var query = new URLSearchParams(location.search);
  if (!root || stored('Admin-Token') || path === '/agreement' || query.get('panel') === 'forgot')
    return preloadApp();
  var register =
    path === '/register' ||
    (path === '/login' &&
      (query.get('panel') === 'register' || query.get('redirect') === '/register'));
  var lang = /^en/i.test(String(stored('saas.lang') || '')) ? 'en' : 'zh';
  var shell = document.getElementById(
    'sign-in-shell-' + lang + '-' + (register ? 'register' : 'login'),
  );
  if (!shell) return preloadApp();
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  var holder = document.createElement('div');
  holder.id = 'sign-in-shell';
  holder.setAttribute('inert', '');
  var styles = document.getElementById('sign-in-shell-styles');
  if (styles) holder.appendChild(styles.content.cloneNode(true));
  holder.appendChild(shell.content.cloneNode(true));
  root.parentNode.insertBefore(holder, root);
})();
