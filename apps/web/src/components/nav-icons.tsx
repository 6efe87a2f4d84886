import {
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BookOutlined,
  BranchesOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons the navigation can name: a menu's or category's `icon` is one of these names. An
 * explicit map rather than the whole icon set, which would put every icon into the bundle; a
 * name not listed here shows no icon. The icons page (/icons) lists them.
 */
const NAV_ICONS: Record<string, ComponentType> = {
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BookOutlined,
  BranchesOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UsergroupAddOutlined,
  UserOutlined,
};

/** The names of the icons the console supports, in alphabetical order. */
export const NAV_ICON_NAMES: readonly string[] = Object.keys(NAV_ICONS);

export function navIcon(name: string | null | undefined) {
  const Icon = name ? NAV_ICONS[name] : undefined;
  return Icon ? <Icon /> : undefined;
}
