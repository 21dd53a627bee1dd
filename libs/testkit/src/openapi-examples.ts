import { documentSchemas, schemaPointer, type Json } from './document-schemas';

/** A place in the document that has an example beside its schema: a parameter or a media type object. */
interface Example {
  pointer: string[];
  schema: Json;
  example: unknown;
}

const entries = (node: unknown): Array<[string, Json]> => Object.entries((node ?? {}) as Record<string, Json>);

function examplesOfOperation(pointer: string[], operation: Json): Example[] {
  const found: Example[] = [];
  const inMedia = (mediaPointer: string[], content: unknown) => {
    for (const [mediaType, media] of entries(content)) {
      if (media.example !== undefined && media.schema !== undefined) found.push({ pointer: [...mediaPointer, 'content', mediaType], schema: media.schema as Json, example: media.example });
    }
  };
  ((operation.parameters ?? []) as Json[]).forEach((parameter, index) => {
    if (parameter.example !== undefined) found.push({ pointer: [...pointer, 'parameters', String(index)], schema: parameter.schema as Json, example: parameter.example });
  });
  inMedia([...pointer, 'requestBody'], (operation.requestBody as Json | undefined)?.content);
  for (const [status, answer] of entries(operation.responses)) inMedia([...pointer, 'responses', status], answer.content);
  return found;
}

/**
 * Every example of an OpenAPI 3.1 document (parameters, request bodies, answers, webhook bodies) checked
 * against the schema beside it, with every object closed: the problems, empty when each one is valid.
 */
export function exampleProblems(document: Json): string[] {
  const validatorAt = documentSchemas(document);
  const operations = [
    ...entries(document.paths).flatMap(([path, methods]) => entries(methods).map(([method, operation]): [string[], Json] => [['paths', path, method], operation])),
    ...entries(document.webhooks).flatMap(([name, methods]) => entries(methods).map(([method, operation]): [string[], Json] => [['webhooks', name, method], operation]))
  ];
  return operations.flatMap(([pointer, operation]) => examplesOfOperation(pointer, operation)).flatMap(({ pointer, schema, example }) => {
    const validate = validatorAt(schemaPointer(schema, [...pointer, 'schema']));
    if (validate(example)) return [];
    return (validate.errors ?? []).map((error) => `${pointer.join(' ')}: example${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  });
}
