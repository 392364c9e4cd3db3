// Moodle category paths (GIFT `$CATEGORY:`, Moodle XML category questions) carry the topic:
// `$course$/top/Physics/Mechanics` → `Mechanics`. Moodle writes a `/` inside a name as `//`.

export function topicFromCategory(path: string): string {
  const full = path
    .trim()
    .replace(/^\$[a-z0-9]*\$\//i, '')
    .replace(/^top(\/|$)/, '');
  const segments = full.replace(/\/\//g, '\uE020').split('/');
  return (segments[segments.length - 1] ?? '').replace(/\uE020/g, '/').trim();
}

export function categoryName(topic: string): string {
  return topic.replace(/\//g, '//');
}
