import type { User } from '@gatehouse/contract';
import { Flex, Tag } from 'antd';
import type { Column } from '@/components/data-table';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { identityText, withText } from '../shared/messages';

export const USER_SEARCH_FIELDS: SearchField[] = [
  withText('label', 'username', { name: 'username', type: 'text' } as SearchField),
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'email', { name: 'email', type: 'text' } as SearchField),
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** The tag of a user who must choose a new password at the next sign-in (in English). */
export const PASSWORD_CHANGE_DUE = 'Password change due';

/** The username, tagged when the user must choose a new password at the next sign-in. */
function renderUsername(username: string, user: User) {
  return (
    <Flex gap={4} align="center" wrap>
      <span>{username}</span>
      {user.mustChangePassword && <Tag color="orange">{identityText('passwordChangeDue')}</Tag>}
    </Flex>
  );
}

/** Username, Name, Email, Phone, Status, Last sign-in and Created; empty cells show `--`. */
export const USER_COLUMNS: Column<User>[] = [
  withText('title', 'username', { dataIndex: 'username', width: 170, render: renderUsername }),
  withText('title', 'name', { dataIndex: 'name', ellipsis: true }),
  withText('title', 'email', { dataIndex: 'email', ellipsis: true }),
  withText('title', 'phone', { dataIndex: 'phone', ellipsis: true }),
  statusColumn<User>(),
  withText('title', 'lastSignIn', dateTimeColumn<User>('', 'lastSignInDate')),
  withText('title', 'created', dateTimeColumn<User>('', 'createdDate')),
];
