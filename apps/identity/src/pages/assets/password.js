/* global document */
// Runs on pages with a password field; without it the page still works, only less helpfully.

// The button is hidden in the markup, so nobody meets a button that cannot work.
for (const button of document.querySelectorAll('[data-password-toggle]')) {
  const input = document.getElementById(button.getAttribute('aria-controls'));
  if (!input) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    button.setAttribute('aria-pressed', String(show));
  });
}

// Says while typing whether a new password meets the rule the input carries (minlength), so a
// too-short password is noticed before the form is sent. Counts characters as the server does.
for (const status of document.querySelectorAll('[data-password-status]')) {
  const input = document.getElementById(status.dataset.passwordStatus);
  if (!input) continue;
  const min = Number(input.getAttribute('minlength'));
  const serverFlagged = input.getAttribute('aria-invalid') === 'true';
  const update = () => {
    const count = [...input.value].length;
    if (count === 0) {
      status.textContent = '';
      if (!serverFlagged) input.removeAttribute('aria-invalid');
    } else if (count < min) {
      status.textContent = status.dataset.typing
        .replace('{min}', String(min))
        .replace('{count}', String(count));
      status.classList.add('field-status--short');
      input.setAttribute('aria-invalid', 'true');
    } else {
      status.textContent = status.dataset.longEnough;
      status.classList.remove('field-status--short');
      input.removeAttribute('aria-invalid');
    }
  };
  input.addEventListener('input', update);
}
