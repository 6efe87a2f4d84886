import type { Dictionary, DictionaryItem } from '@gatehouse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, stubHttp } from '@/test/support';
import { DICTIONARY_CODES } from './access-codes';
import { DictionaryPage } from './dictionary-page';

const PATH = '/admin-setting/data-dict';
const AT = '2026-01-01T00:00:00.000Z';

const DICTIONARY: Dictionary = {
  dictionaryId: '00000000-0000-4000-8000-000000000001',
  applicationId: 'platform',
  code: 'data-access-category',
  name: 'Data access categories',
  description: null,
  allowCustom: true,
  status: 'ENABLED',
  createdDate: AT,
  lastModifiedDate: AT,
};

const ITEM: DictionaryItem = {
  itemId: '00000000-0000-4000-8000-000000000002',
  dictionaryId: DICTIONARY.dictionaryId,
  code: 'personal',
  labelEn: 'Personal data',
  labelZh: '个人数据',
  order: 1,
  status: 'ENABLED',
  createdDate: AT,
  lastModifiedDate: AT,
};

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

describe('the Data Dictionary screen', () => {
  it("lists the platform's dictionaries and shows a dictionary's items of every status", async () => {
    stub = stubHttp((call) => {
      if (call.url === '/admin-service/v2/dictionary')
        return { data: { content: [DICTIONARY], totalElements: 1 } };
      if (call.url === '/admin-service/dictionary/item/') return { data: [ITEM] };
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<DictionaryPage />, { url: PATH, path: PATH, codes: Object.values(DICTIONARY_CODES) });

    const row = await screen.findByRole('row', { name: /data-access-category/ });
    expect(row).toHaveTextContent('Yes');
    expect(stub.calls.find((c) => c.url === '/admin-service/v2/dictionary')?.params).toMatchObject({
      applicationId: 'platform',
      page: 0,
    });

    await user.click(within(row).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Items' }));
    expect(await screen.findByText('Items of Data access categories')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Personal data' })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url === '/admin-service/dictionary/item/')?.params).toEqual({
      dictionaryId: DICTIONARY.dictionaryId,
      status: '-1',
    });
  });
});
