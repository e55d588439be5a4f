/** Row types of friend groups, their numbers and group tags (see schema.ts for the conventions). */
export interface FriendGroupTables {
  friend_group_files: FriendGroupFilesTable;
  friend_group_file_numbers: FriendGroupFileNumbersTable;
  friend_groups: FriendGroupsTable;
  friend_group_numbers: FriendGroupNumbersTable;
  group_tags: GroupTagsTable;
}

/** An uploaded phone-number list (POST .../friendGroup/file): only its parsed numbers are kept. */
export interface FriendGroupFilesTable {
  file_key: string;
  account_id: string;
  sender_key: string;
  number_count: number;
  expires_at: number;
  created_at: number;
}

export interface FriendGroupFileNumbersTable {
  file_key: string;
  phone: string;
}

export interface FriendGroupsTable {
  id: string;
  account_id: string;
  sender_key: string;
  friend_group_key: string;
  /** IN_PROGRESS or COMPLETED */
  status: string;
  /** The last change's requestId (registration, numbers added or removed). */
  request_id: string;
  /** Bumped by every change of the numbers: processing completes only the revision it read. */
  revision: number;
  /** The revision the counts and standings are of (0: never processed). */
  processed_revision: number;
  number_count: number;
  user_count: number;
  friend_count: number;
  created_at: number;
  modified_at: number;
}

/**
 * A number of a group and what the last processing found it to be (0/1). A number counts once
 * the revision that added it has been processed (friend_groups.processed_revision).
 */
export interface FriendGroupNumbersTable {
  group_id: string;
  phone: string;
  revision: number;
  app_user: number;
  friend: number;
}

export interface GroupTagsTable {
  sender_key: string;
  group_tag_key: string;
  account_id: string;
  group_tag_name: string;
  created_at: number;
  modified_at: number;
}
