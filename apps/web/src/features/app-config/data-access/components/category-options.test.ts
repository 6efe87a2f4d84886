import type { LegacyDictionary } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { categoryOptions } from './data-access-form';

const item = (code: string, labelEn: string, labelZh: string, order: number) => ({
  itemId: code,
  dictionaryId: 'd',
  code,
  labelEn,
  labelZh,
  order,
  status: 'ENABLED' as const,
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-01T00:00:00Z',
});

const dictionary = (allowCustom: boolean) =>
  ({
    dictionaryId: 'd',
    dictionaryName: 'Categories',
    applicationId: 'platform',
    code: 'data-access-category',
    name: 'Categories',
    description: null,
    allowCustom,
    status: 'ENABLED',
    items: [item('personal', 'Personal', '个人', 1), item('financial', 'Financial', '财务', 2)],
  }) as unknown as LegacyDictionary;

describe('the data access Category choices', () => {
  it("offer the dictionary's items in the console's language, then the other categories in use", () => {
    expect(categoryOptions(dictionary(true), ['billing', 'personal'], 'zh')).toEqual([
      { value: 'personal', label: '个人' },
      { value: 'financial', label: '财务' },
      { value: 'billing', label: 'billing' },
    ]);
    expect(categoryOptions(dictionary(true), [], 'en')[0]).toEqual({ value: 'personal', label: 'Personal' });
  });

  it('offer only the items when the dictionary takes no custom value, and any category in use without one', () => {
    expect(categoryOptions(dictionary(false), ['billing'], 'en').map((o) => o.value)).toEqual([
      'personal',
      'financial',
    ]);
    expect(categoryOptions(null, ['billing'], 'en')).toEqual([{ value: 'billing', label: 'billing' }]);
  });
});
