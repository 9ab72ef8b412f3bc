import type { IconName } from "@office/core";
import {
  IconAddressBook,
  IconBriefcase,
  IconBuildingWarehouse,
  IconCalendar,
  IconChecklist,
  IconCreditCard,
  IconHome,
  IconInbox,
  IconLayoutDashboard,
  IconList,
  IconLock,
  IconLogin,
  IconNews,
  IconQuestionMark,
  IconReportAnalytics,
  IconSettings,
  IconShieldLock,
  IconTruck,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";

const ICONS: Record<IconName, TablerIcon> = {
  home: IconHome,
  dashboard: IconLayoutDashboard,
  projects: IconBriefcase,
  employees: IconUsers,
  creditCards: IconCreditCard,
  clients: IconAddressBook,
  vendors: IconBuildingWarehouse,
  reports: IconReportAnalytics,
  administration: IconShieldLock,
  calendar: IconCalendar,
  settings: IconSettings,
  inbox: IconInbox,
  approvals: IconChecklist,
  lists: IconList,
  releaseNotes: IconNews,
  shipping: IconTruck,
  login: IconLogin,
  forbidden: IconLock,
  notFound: IconQuestionMark,
};

/** The picture of a route's icon name; decorative, so hidden from screen readers. */
export function RouteIcon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} aria-hidden="true" stroke={1.6} />;
}
