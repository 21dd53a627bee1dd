import type { EnvelopeDeps } from '../envelope-deps';
import type { TemplateStore } from './template-store';

/** What the template use cases share: the envelope use cases' dependencies and the template store. */
export interface TemplateDeps extends EnvelopeDeps {
  templates: TemplateStore;
}
