<?php
/**
 * The plugin's own words in it, de, fr and es (English is the source). Kept as PHP arrays in
 * languages/{lang}.php, looked up through WordPress' `gettext_sportello` filter, rather than
 * .po/.mo files: .mo files are binary and need gettext's msgfmt at build time, PHP arrays are
 * reviewed as text in the same pull request as the code that uses them, and WordPress 6.1 (the
 * version Debian ships) has no native PHP translation files (those came with 6.5). A site that
 * ships its own .mo for the `sportello` domain still wins: it is loaded first, and an entry here
 * is used only while the text is still untranslated.
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** The languages the plugin and the elements speak. */
function sportello_languages() {
	return array(
		'it' => 'Italiano',
		'en' => 'English',
		'de' => 'Deutsch',
		'fr' => 'Français',
		'es' => 'Español',
	);
}

/** The translation table for the current locale (empty for English or an unknown language). */
function sportello_translations() {
	static $tables = array();
	$lang = substr( determine_locale(), 0, 2 );
	if ( ! isset( $tables[ $lang ] ) ) {
		$file             = SPORTELLO_DIR . 'languages/' . $lang . '.php';
		$tables[ $lang ]  = ( 'en' !== $lang && preg_match( '/^[a-z]{2}$/', $lang ) && is_readable( $file ) ) ? (array) include $file : array();
	}
	return $tables[ $lang ];
}

add_action(
	'init',
	function () {
		load_plugin_textdomain( 'sportello', false, dirname( plugin_basename( SPORTELLO_FILE ) ) . '/languages' );
	}
);

add_filter(
	'gettext_sportello',
	function ( $translation, $text ) {
		if ( $translation !== $text ) {
			return $translation;
		}
		$table = sportello_translations();
		return isset( $table[ $text ] ) ? $table[ $text ] : $translation;
	},
	10,
	2
);
