<?php
/**
 * Removing the plugin removes its settings (not the members' profile fields: they are the site's data).
 *
 * @package Sportello
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;
delete_option( 'sportello_settings' );
