import { Type, type Static } from '@sinclair/typebox';
import { TemplatePayload } from '../payloads/template-payload';
import { DateTime, Nullable } from '../schema-helpers';
import { Answer } from './common-responses';

export const TemplateResponse = Answer({ template: TemplatePayload });
export type TemplateResponse = Static<typeof TemplateResponse>;

/** One template in a list: without its documents, recipients and placements. */
export const TemplateListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  metadata: Type.Record(Type.String(), Type.String()),
  created_at: DateTime(),
  updated_at: DateTime()
});

export const TemplateListResponse = Answer({ templates: Type.Array(TemplateListItem), next_cursor: Nullable(Type.String()) });
export type TemplateListResponse = Static<typeof TemplateListResponse>;
