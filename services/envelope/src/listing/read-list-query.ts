import { EnvelopeListQuery, EnvelopeMetadataFilter, type EnvelopeStatus } from '@signet/contracts';
import { parseWith, validationError } from '@signet/http';
import { decodeCursor, EnvelopeCursor, ListOrder } from './envelope-cursor';

const DEFAULT_LIMIT = 20;
const METADATA_PARAM = /^metadata\[([^[\]]*)\]$/;

export interface TimeRange {
  after?: Date;
  before?: Date;
}

/** GET /api/v1/envelopes's filters, checked and typed. */
export interface EnvelopeFilters {
  statuses: EnvelopeStatus[];
  created: TimeRange;
  sent: TimeRange;
  completed: TimeRange;
  recipientEmail?: string;
  text?: string;
  templateId?: string;
  metadata: Record<string, string>;
  limit: number;
  order: ListOrder;
  cursor: EnvelopeCursor | null;
}

/** The schema checked the shape; this checks the calendar (no 30 February, no hour 25). */
function isRealInstant(text: string): boolean {
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time)) return false;
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function range(after: string | undefined, before: string | undefined): TimeRange {
  const instant = (text: string) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  return { after: after === undefined ? undefined : instant(after), before: before === undefined ? undefined : instant(before) };
}

/** Splits `metadata[key]=value` from the other parameters, and answers 422 with every bad field at once. */
export function readListQuery(query: Record<string, unknown>): EnvelopeFilters {
  const plain: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const match = METADATA_PARAM.exec(name);
    if (match) metadata[match[1] as string] = value;
    else plain[name] = value;
  }
  const input = parseWith(EnvelopeListQuery, plain);
  const filters = parseWith(EnvelopeMetadataFilter, metadata, 'metadata');
  const details = Object.entries(input)
    .filter(([name, value]) => (name.endsWith('_after') || name.endsWith('_before')) && !isRealInstant(String(value)))
    .map(([name]) => ({ field: name, message: 'is not a real date' }));
  if (details.length > 0) throw validationError(details);
  const order = input.order ?? 'desc';
  return {
    statuses: input.status ? [...new Set(input.status.split(',') as EnvelopeStatus[])] : [],
    created: range(input.created_after, input.created_before),
    sent: range(input.sent_after, input.sent_before),
    completed: range(input.completed_after, input.completed_before),
    recipientEmail: input.recipient_email?.toLowerCase(),
    text: input.q?.toLowerCase(),
    templateId: input.template_id,
    metadata: filters,
    limit: input.limit === undefined ? DEFAULT_LIMIT : Number(input.limit),
    order,
    cursor: input.cursor === undefined ? null : decodeCursor(input.cursor, order)
  };
}
