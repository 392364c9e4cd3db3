// Cache keys nest, so invalidating the notifications also refreshes the bell's count.
export const notificationsKey = 'notifications';
export const unreadKey = `${notificationsKey}/unread`;
export const mailPreferencesKey = 'notification-mail';
