import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { exampleTenant } from '../../src/examples/index.js';
import { bracketFieldName, quote } from '../../src/language/escape.js';
import { loadSchema } from '../../src/schema/schema.js';
import type { SchemaFieldResponse } from '../../src/schema/response.js';

const fields = exampleTenant.schemas.flatMap((s) => s.fields);

describe('the example tenant', () => {
  it('has the business areas customer, product and supplier, each with schemas and datasets', () => {
    expect(exampleTenant.businessAreas.map((b) => b.name)).toEqual([
      'customer',
      'product',
      'supplier',
    ]);
    for (const area of exampleTenant.businessAreas) {
      const schemas = exampleTenant.schemas.filter((s) => s.businessAreaId === area.businessAreaId);
      expect(schemas.length).toBeGreaterThan(0);
      for (const s of schemas) {
        expect(s.businessAreaName).toBe(area.name);
        expect(exampleTenant.dataSets.some((d) => d.dataSet.schemaId === s.schemaId)).toBe(true);
      }
    }
  });

  it('uses every data type the product names', () => {
    const types = new Set(fields.map((f) => f.dataType));
    for (const t of [
      'string',
      'integer',
      'float',
      'currency',
      'boolean',
      'date',
      'datetime',
      'time',
      'date day/month/year',
      'picklist',
      'image',
      'document',
      'email',
      'phone',
      'url',
      'geo coordinates',
    ]) {
      expect(types, t).toContain(t);
    }
  });

  it('uses every schema field property of the interface', () => {
    const properties: (keyof SchemaFieldResponse)[] = [
      'fieldId',
      'name',
      'description',
      'active',
      'dataType',
      'isPrimaryKey',
      'isSortKey',
      'isRequired',
      'isMultivalue',
      'isPII',
      'min',
      'max',
      'classifiers',
      'validationRules',
      'allowedBooleanValues',
      'picklistType',
      'staticPicklist',
      'dataDomainId',
      'dateFormat',
      'dateSeparator',
      'timeFormat',
      'maxWidth',
      'maxHeight',
      'maxSize',
      'createdBy',
      'updatedBy',
      'createdDate',
      'updatedDate',
    ];
    for (const p of properties)
      expect(
        fields.some((f) => f[p] !== undefined && f[p] !== false),
        String(p),
      ).toBe(true);
    for (const flag of [
      'active',
      'isPrimaryKey',
      'isSortKey',
      'isRequired',
      'isMultivalue',
      'isPII',
    ] as const) {
      expect(
        fields.some((f) => f[flag] === true),
        flag,
      ).toBe(true);
      expect(
        fields.some((f) => f[flag] === false),
        flag,
      ).toBe(true);
    }
    expect(
      fields.some((f) => (f.classifiers?.length ?? 0) > 0) &&
        fields.some((f) => f.classifiers?.length === 0),
    ).toBe(true);
  });

  it('has identifiers shaped like the service: 17-digit timestamp plus hex, 47 characters, all distinct', () => {
    const ids = [
      ...exampleTenant.businessAreas.map((b) => b.businessAreaId),
      ...exampleTenant.schemas.map((s) => s.schemaId),
      ...fields.map((f) => f.fieldId!),
      ...exampleTenant.dataSets.flatMap((d) => [
        d.dataSet.dataSetId,
        ...d.dataObjects.map((o) => o._dataObjectId),
      ]),
    ];
    for (const id of ids) expect(id).toMatch(/^\d{17}[0-9a-f]{30}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds field names that are unique per schema', () => {
    for (const s of exampleTenant.schemas)
      expect(new Set(s.fields.map((f) => f.name)).size).toBe(s.fields.length);
  });

  it('holds data objects whose values the checker accepts for their fields', () => {
    for (const { dataSet, dataObjects } of exampleTenant.dataSets) {
      const schemaResponse = exampleTenant.schemas.find((s) => s.schemaId === dataSet.schemaId)!;
      const schema = loadSchema(schemaResponse);
      expect(dataSet.recordCount).toBe(dataObjects.length);
      for (const object of dataObjects) {
        for (const [name, value] of Object.entries(object)) {
          if (name.startsWith('_')) continue;
          const field = schema.field(name);
          expect(field, `${dataSet.dataSetName}: ${name}`).toBeDefined();
          for (const single of Array.isArray(value) ? value : [value]) {
            // Stored dates use the field's own format; queries use year-month-day.
            if (field!.dateFormat && field!.kind === 'date') continue;
            const query = `${bracketFieldName(name)} eq ${typeof single === 'number' ? String(single) : quote(String(single))}`;
            const problems = check(query, {
              schema: schemaResponse,
              severities: { 'inactive-field': 'off' },
            });
            expect(problems, query).toEqual([]);
          }
        }
      }
    }
  });
});
