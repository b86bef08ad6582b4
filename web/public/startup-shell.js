// Shows a screen index.html carries (rendered at build time: vite.config.ts startupShells) while the
// app's JavaScript loads, when the visit will land on it:
// - the sign-in screen without a session token, unless on the agreement page (the route guard sends
//   every other address to /login), on the register panel when the address asks for it;
// - the chat landing page (a new conversation in the main layout) with a token, on the addresses that
//   open it, when the stored layout settings are the defaults it was drawn with; shown once its
//   stylesheets, which it puts in the head, are in.
// In the stored language (saas.lang, zh by default). Inert, beside #root: the app takes it away
// (removeStartupShell) when it draws its own. A script of its own (the page's Content-Security-Policy
// allows no inline script), parser-blocking at the end of the body: it runs before the app's modules,
// and the first paint shows what it puts in.
//
// Then it starts the app: index.html keeps the entry module and its modulepreloads in templates, so
// that they do not share a phone's link with what the shell's first paint needs. The preloads go in
// the head with a token, or when there is no shell (then the app draws the first screen); the sign-in
// screen's own modules are loaded by the entry.
(function showStartupShell() {
  var landingTemplate = document.getElementById('landing-shell');
  // The addresses, phone screens and layout of the landing page, as the build wrote them.
  var LANDING = JSON.parse(
    (landingTemplate && landingTemplate.getAttribute('data-landing')) || 'null',
  );

  function stored(key) {
    try {
      var record = JSON.parse(localStorage.getItem('wujie-' + key) || 'null');
      return record && record.content;
    } catch (_unreadable) {
      return undefined;
    }
  }
  function append(parent, templateId) {
    var template = document.getElementById(templateId);
    if (template) parent.appendChild(template.content.cloneNode(true));
    return Boolean(template);
  }
  /** The app's entry module (index.html keeps it in a template: see below), and its modules ahead. */
  function startApp(withPreloads) {
    if (withPreloads) append(document.head, 'app-preloads');
    append(document.head, 'app-entry');
  }
  /** Layout settings, size and sidebar as the landing page was drawn: none stored, or the same. */
  function drawnLayout(mobile) {
    var settings = stored('layout-setting');
    var size = stored('size');
    for (var key in LANDING.settings) {
      if (
        settings &&
        typeof settings === 'object' &&
        key in settings &&
        settings[key] !== LANDING.settings[key]
      )
        return false;
    }
    var sidebarOpen = mobile || stored('sidebarStatus') !== 0;
    return (size === null || size === undefined || size === LANDING.size) && sidebarOpen;
  }
  /** The template id of the screen this visit lands on, or null. */
  function shellFor(path, query, lang) {
    if (stored('Admin-Token')) {
      if (!LANDING || LANDING.paths.indexOf(path) < 0 || query.has('id')) return null;
      var mobile = window.matchMedia(LANDING.mobileQuery).matches;
      if (!drawnLayout(mobile)) return null;
      return 'landing-shell-' + lang + '-' + (mobile ? 'mobile' : 'desktop');
    }
    if (path === '/agreement' || query.get('panel') === 'forgot') return null;
    var register =
      path === '/register' ||
      (path === '/login' &&
        (query.get('panel') === 'register' || query.get('redirect') === '/register'));
    return 'sign-in-shell-' + lang + '-' + (register ? 'register' : 'login');
  }

  var root = document.getElementById('root');
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var query = new URLSearchParams(location.search);
  var lang = /^en/i.test(String(stored('saas.lang') || '')) ? 'en' : 'zh';
  var id = root ? shellFor(path, query, lang) : null;
  var shell = id && document.getElementById(id);
  var landing = Boolean(shell) && id.indexOf('landing-') === 0;
  if (!shell) return startApp(true);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  var holder = document.createElement('div');
  holder.id = 'startup-shell';
  holder.setAttribute('data-shell', landing ? 'landing' : 'sign-in');
  holder.setAttribute('inert', '');
  append(holder, 'startup-shell-styles');
  holder.appendChild(shell.content.cloneNode(true));
  root.parentNode.insertBefore(holder, root);
  // The app once the landing page is shown: before, its modules would share the link with the
  // stylesheets the first paint waits for. The sign-in screen's are in the head already.
  if (landing) {
    showWithStylesheets(holder, function () {
      afterPaint(function () {
        startApp(true);
      });
    });
  } else {
    startApp(false);
  }

  /**
   * Runs `then` once the browser has painted the frame after this task (the task after the next
   * animation frame), or after 200 ms where no frame comes (a tab opened in the background).
   */
  function afterPaint(then) {
    var done = false;
    function once() {
      if (done) return;
      done = true;
      then();
    }
    requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
    setTimeout(once, 200);
  }

  /**
   * The landing page's stylesheets go in the head, and the screen stays hidden until they are in: a
   * stylesheet a script adds once the body is there does not hold the first paint back, and the screen
   * drawn without it would move when it comes. Shown anyway if one fails (the app draws it then).
   */
  function showWithStylesheets(element, then) {
    var links = landingTemplate;
    var pending = links.content.querySelectorAll('link').length;
    if (pending === 0) return then();
    element.style.visibility = 'hidden';
    function settled() {
      pending -= 1;
      if (pending > 0) return;
      element.style.visibility = '';
      then();
    }
    var added = links.content.cloneNode(true);
    added.querySelectorAll('link').forEach(function (link) {
      link.onload = settled;
      link.onerror = settled;
    });
    document.head.appendChild(added);
  }
})();
