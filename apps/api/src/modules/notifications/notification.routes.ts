import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailPreferences,
  mailPreferencesUpdate,
  notificationList,
  notificationQuery,
  notificationRead,
  notificationUnread,
  unsubscribeBody,
  unsubscribeResult,
} from '@questa/contracts';
import type { NotificationService } from './notification.service';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
}> = async (app, { notifications }) => {
  app.get(
    '/notifications',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'The signed-in person’s notifications, newest first, with how many are unread',
        tags,
        querystring: notificationQuery,
        response: { 200: notificationList },
      },
    },
    (request) =>
      notifications.list(request.auth!.user.id, request.query.limit, request.query.before),
  );

  // Polled by the bell: one count, no list.
  app.get(
    '/notifications/unread',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'How many of the signed-in person’s notifications are unread',
        tags,
        response: { 200: notificationUnread },
      },
    },
    (request) => notifications.unread(request.auth!.user.id),
  );

  app.post(
    '/notifications/read',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Mark notifications read: those named, or all',
        tags,
        body: notificationRead,
        response: { 200: notificationUnread },
      },
    },
    (request) => notifications.markRead(request.auth!.user.id, request.body.ids),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Which kinds of notification the signed-in person gets by mail',
        tags,
        response: { 200: mailPreferences },
      },
    },
    (request) => notifications.preferences(request.auth!.user.id),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Choose which kinds of notification come by mail',
        tags,
        body: mailPreferencesUpdate,
        response: { 200: mailPreferences },
      },
    },
    (request) => notifications.choose(request.auth!.user.id, request.body.mail),
  );

  // The link in a mail works without signing in: the signed token is all that names the person,
  // so this needs neither a session nor the page headers that guard signed-in changes.
  app.post(
    '/notifications/unsubscribe',
    {
      config: { permission: 'public', signedByCaller: true },
      schema: {
        summary: 'Stop one kind of notification mail, from the signed link in such a mail',
        tags,
        body: unsubscribeBody,
        response: { 200: unsubscribeResult },
      },
    },
    (request) => notifications.unsubscribe(request.body.token),
  );
};
