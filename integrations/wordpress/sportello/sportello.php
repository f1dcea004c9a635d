<?php
/**
 * Plugin Name:       Sportello
 * Description:       Live chat, AI assistant, signature viewer, practice composer and help-desk form from the Sportello kit: a settings page, shortcodes, editor blocks and a site-wide chat launcher.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           MIT
 * Text Domain:       sportello
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

define( 'SPORTELLO_VERSION', '0.1.0' );
define( 'SPORTELLO_FILE', __FILE__ );
define( 'SPORTELLO_DIR', plugin_dir_path( __FILE__ ) );
define( 'SPORTELLO_URL', plugin_dir_url( __FILE__ ) );

require_once SPORTELLO_DIR . 'includes/i18n.php';
require_once SPORTELLO_DIR . 'includes/settings.php';
require_once SPORTELLO_DIR . 'includes/visitor-token.php';
require_once SPORTELLO_DIR . 'includes/elements.php';
require_once SPORTELLO_DIR . 'includes/assets.php';
require_once SPORTELLO_DIR . 'includes/shortcodes.php';
require_once SPORTELLO_DIR . 'includes/blocks.php';
require_once SPORTELLO_DIR . 'includes/launcher.php';
