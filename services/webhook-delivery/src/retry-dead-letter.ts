import { AppError, notFound } from '@signet/http';
import { deadLetterView, type DeadLetterView } from './present/dead-letter-view';
import { deliveryView, type DeliveryView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import type { ListedDeadLetter, Owner } from './model';

/**
 * POST /api/v1/dead_letters/:id/retry: the dead letter's delivery starts a new round of its webhook's retry
 * schedule at once, with the same event id, to the webhook's URL as it is now. A dead letter is retried
 * once: again is 409, while that round runs and after it (a round that fails again leaves a new dead letter).
 */
export async function retryDeadLetter(
  deps: WebhookDeps, { owner, deadLetterId }: { owner: Owner; deadLetterId: string }
): Promise<{ dead_letter: DeadLetterView; delivery: DeliveryView }> {
  const deadLetter = await deps.deadLetters.find(owner, deadLetterId);
  if (!deadLetter) throw notFound('Dead letter');
  const delivery = await deps.deliveries.retryDeadLetter(deadLetter.id, deadLetter.delivery_id, deps.clock(), deps.queueAttempt);
  if (!delivery) throw new AppError('CONFLICT', 'The dead letter was retried already (or its delivery redelivered): its delivery is on its way again, or has ended since');
  const retried = (await deps.deadLetters.find(owner, deadLetter.id)) as ListedDeadLetter;
  return { dead_letter: deadLetterView(retried), delivery: deliveryView(delivery, await deps.deliveries.attemptsOf([delivery.id])) };
}
