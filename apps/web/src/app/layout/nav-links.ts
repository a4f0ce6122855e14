export type NavLinkItem = { label: string; to: string };
export type NavMenuGroup = { label: string; items: readonly NavLinkItem[] };

// The navbar's menus (spec 000 section 2).
export const navMenus: readonly NavMenuGroup[] = [
  {
    label: 'Dashboards',
    items: [
      // The payments admins' ACH files and return files (issue 41).
      { label: 'ACH Files', to: '/ach' },
      // The workspace's archived and escalated drawers as lists of their own (issue 40).
      { label: 'Archived Tickets', to: '/tickets/archived' },
      { label: 'Bankruptcy', to: '/bankruptcy' },
      { label: 'Deadlines', to: '/deadlines' },
      { label: 'Disputes', to: '/disputes' },
      // Compliance's duty audit (issue 39).
      { label: 'Duty Audit', to: '/duty_audit' },
      { label: 'Escalated Tickets', to: '/tickets/escalated' },
      { label: 'FCRA', to: '/fcra' },
      { label: 'Identifications', to: '/identifications' },
      { label: 'Income Review', to: '/income' },
    ],
  },
  {
    label: 'Editors',
    items: [
      { label: 'Blog', to: '/blog_post' },
      { label: 'Macros', to: '/macros' },
    ],
  },
  {
    label: 'Search',
    items: [
      { label: 'GraphQL', to: '/graph_ql' },
      { label: 'User Details', to: '/user' },
      // The loan-based FCRA lookup (spec 001 section 2; its route is ours).
      { label: 'FCRA Lookup', to: '/fcra/lookup' },
    ],
  },
  {
    label: 'Analytics',
    items: [
      { label: 'CS', to: '/visualize/cs' },
      // Not in the spec's navbar list; the survey screens (spec 001 section 2) need a way in.
      { label: 'Surveys', to: '/surveys' },
    ],
  },
];

// Staff administration for holders of staff.admin (screen-access.ts); the API reference for everyone.
export const adminMenu: NavMenuGroup = {
  label: 'Admin',
  items: [
    { label: 'Staff', to: '/admin/staff' },
    { label: 'API reference', to: '/api-docs' },
  ],
};
