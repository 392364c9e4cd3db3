import { MoonIcon, SunIcon } from '../../components/ui/icons';
import { useT } from '../../lib/i18n';
import { setTheme, useTheme } from '../../lib/theme';

export function ThemeToggle() {
  const t = useT();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.toDark') : t('theme.toLight');
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
    >
      {next === 'dark' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
