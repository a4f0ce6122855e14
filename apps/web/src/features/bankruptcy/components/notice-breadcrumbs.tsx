import { Link } from 'react-router';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { bankruptcyPaths } from '../paths.ts';

// Home > Bankruptcy Dashboard > Unprocessed Notices > Notice Details (spec 001 section 2).
export function NoticeBreadcrumbs({ id }: { id: number }) {
  return (
    <Breadcrumbs aria-label="Breadcrumbs" fz="sm">
      <Anchor component={Link} to="/">
        Home
      </Anchor>
      <Anchor component={Link} to={bankruptcyPaths.landing}>
        Bankruptcy Dashboard
      </Anchor>
      <Anchor component={Link} to={bankruptcyPaths.unprocessed}>
        Unprocessed Notices
      </Anchor>
      <Anchor component={Link} to={bankruptcyPaths.notice(id)} aria-current="page">
        Notice Details
      </Anchor>
    </Breadcrumbs>
  );
}
