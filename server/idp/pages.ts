import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from './passwordPolicy';

/** Assets these pages use; served by the idp plugin from our own origin, as the CSP requires. */
export const ASSETS_PATH = '/oidc-assets';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything that reaches these pages from a request or the database goes through here. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

interface LayoutOptions {
  title: string;
  /** Extra external scripts (never inline: the CSP forbids them). */
  scripts?: string[];
}

function layout({ title, scripts = [] }: LayoutOptions, body: string): string {
  const tags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · cardchat</title>
<link rel="stylesheet" href="${ASSETS_PATH}/idp.css">${tags}
</head>
<body>
<main class="card">
<p class="brand">cardchat</p>
${body}
</main>
</body>
</html>`;
}

function problemList(problems: readonly string[]): string {
  if (problems.length === 0) return '';
  const items = problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('');
  return `<div class="alert" role="alert"><ul>${items}</ul></div>`;
}

function field(name: string, label: string, type: string, value: string, extra: string): string {
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" ${extra}>`;
}

export interface SignInView {
  action: string;
  signUpUrl: string;
  forgotUrl: string;
  email: string;
  problems: readonly string[];
}

export function signInPage(view: SignInView): string {
  return layout(
    { title: 'Sign in' },
    `<h1>Sign in</h1>
${problemList(view.problems)}
<form method="post" action="${escapeHtml(view.action)}">
${field('email', 'Email', 'email', view.email, 'autocomplete="username" required autofocus')}
${field('password', 'Password', 'password', '', 'autocomplete="current-password" required')}
<button type="submit">Sign in</button>
</form>
<p class="switch"><a href="${escapeHtml(view.forgotUrl)}">Forgot password?</a></p>
<p class="switch">New here? <a href="${escapeHtml(view.signUpUrl)}">Create an account</a></p>`,
  );
}

export interface SignUpView {
  action: string;
  signInUrl: string;
  name: string;
  email: string;
  problems: readonly string[];
}

export function signUpPage(view: SignUpView): string {
  return layout(
    { title: 'Create account' },
    `<h1>Create your account</h1>
${problemList(view.problems)}
<form method="post" action="${escapeHtml(view.action)}">
${field('name', 'Name', 'text', view.name, 'autocomplete="name" maxlength="100" required autofocus')}
${field('email', 'Email', 'email', view.email, 'autocomplete="email" required')}
${field('password', 'Password', 'password', '', `autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-rule" required`)}
<p class="hint" id="password-rule">${escapeHtml(PASSWORD_HINT)}</p>
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(view.signInUrl)}">Sign in</a></p>`,
  );
}

export interface ForgotView {
  action: string;
  /** The sign-in page this came from, or the app. */
  back: string;
  email: string;
  /** Whether the operator has mail (SMTP_URL): without it, the page says who resets passwords. */
  mail: boolean;
  problems: readonly string[];
}

export function forgotPasswordPage(view: ForgotView): string {
  const back = `<p class="switch"><a href="${escapeHtml(view.back)}">Back to sign in</a></p>`;
  if (!view.mail) {
    return layout(
      { title: 'Forgot password' },
      `<h1>Forgot your password?</h1>
<p>This cardchat server does not send e-mail, so its operator resets passwords: ask the person who runs it for a reset link for your e-mail address. The link works once, for 30 minutes.</p>
${back}`,
    );
  }
  return layout(
    { title: 'Forgot password' },
    `<h1>Forgot your password?</h1>
<p>Type the e-mail address of your account: we send a link to choose a new password.</p>
${problemList(view.problems)}
<form method="post" action="${escapeHtml(view.action)}">
${field('email', 'Email', 'email', view.email, 'autocomplete="username" maxlength="320" required autofocus')}
<button type="submit">Send reset link</button>
</form>
${back}`,
  );
}

export interface NewPasswordView {
  action: string;
  email: string;
  problems: readonly string[];
}

export function newPasswordPage(view: NewPasswordView): string {
  return layout(
    { title: 'Choose a new password' },
    `<h1>Choose a new password</h1>
<p>For ${escapeHtml(view.email)}. Saving it signs you out on every device.</p>
${problemList(view.problems)}
<form method="post" action="${escapeHtml(view.action)}">
<input type="email" name="username" value="${escapeHtml(view.email)}" autocomplete="username" hidden>
${field('password', 'New password', 'password', '', `autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-rule" required autofocus`)}
<p class="hint" id="password-rule">${escapeHtml(PASSWORD_HINT)}</p>
<button type="submit">Save new password</button>
</form>`,
  );
}

export interface MessageView {
  title: string;
  message: string;
  /** Where the one way forward leads (the app), and what the link says. */
  link: { href: string; text: string };
  details?: string | undefined;
}

export function messagePage(view: MessageView): string {
  const details = view.details ? `<p class="details">${escapeHtml(view.details)}</p>` : '';
  return layout(
    { title: view.title },
    `<h1>${escapeHtml(view.title)}</h1>
<p>${escapeHtml(view.message)}</p>
${details}
<p><a class="button" href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.text)}</a></p>`,
  );
}

export interface LogoutView {
  /** The request is the app's own Log out (its id_token_hint names this session): sign out at once. */
  automatic: boolean;
  /** Where "Stay signed in" leads. */
  home: string;
}

/**
 * The sign-out step oidc-provider asks for. `form` is the provider's own confirmation form (its action
 * and CSRF token); `logout=yes` ends the whole session, not only this app's grant. For the app's own
 * Log out, logout.js submits it at once (the button is there for a browser without script). Anything
 * else (a link or redirect from another site) only asks: signing someone out is not another site's call.
 */
export function logoutPage(form: string, view: LogoutView): string {
  const confirm = `<input type="hidden" name="logout" value="yes"><button type="submit">Sign out</button></form>`;
  if (view.automatic) {
    return layout(
      { title: 'Signing out', scripts: [`${ASSETS_PATH}/logout.js`] },
      `<h1>Signing you out…</h1>
${form.replace('</form>', confirm)}`,
    );
  }
  return layout(
    { title: 'Sign out' },
    `<h1>Sign out of cardchat?</h1>
<p>You are signed in to cardchat in this browser. Sign out only if you meant to.</p>
${form.replace('</form>', confirm)}
<p class="switch"><a href="${escapeHtml(view.home)}">Stay signed in</a></p>`,
  );
}
