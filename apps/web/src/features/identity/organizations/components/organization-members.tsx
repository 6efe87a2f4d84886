import { useQuery } from '@tanstack/react-query';
import { MembersPanel } from '../../shared/members-panel';
import { membersQueryOptions } from '../../users/api/list-users';
import { useSetOrganizationMembers } from '../api/set-organization-members';

export type OrganizationMembersProps = {
  organizationId: string;
  /** The element code adding and removing members need. */
  code: string;
};

/** The users who belong to an organization; one added here leaves their previous organization. */
export function OrganizationMembers({ organizationId, code }: OrganizationMembersProps) {
  const members = useQuery(membersQueryOptions({ organizationId }));
  const save = useSetOrganizationMembers();
  return (
    <MembersPanel
      members={members.data}
      loading={members.isFetching}
      failed={members.isError}
      onRetry={() => members.refetch()}
      onSave={(userIds) => save.mutateAsync({ organizationId, userIds })}
      code={code}
      of="organization"
    />
  );
}
