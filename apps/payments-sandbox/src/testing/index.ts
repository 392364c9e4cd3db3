export { startSandbox, WAIT_MS, type RunningSandbox } from './sandbox-fixture';
export {
  startWebhookReceiver,
  type WebhookReceiver,
  type Delivery,
  type ReceivedEvent,
} from './webhook-receiver';
export { payCheckout, type CheckoutCard } from './hosted-pages';
