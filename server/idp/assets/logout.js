// Submits the provider's sign-out form as soon as the page loads, so signing out needs no click.
// An external file because the Content-Security-Policy allows no inline script.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm');
  if (form instanceof HTMLFormElement) form.submit();
});
